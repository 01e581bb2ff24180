// English texts of the 'scanner' namespace. Keys are the contract; tr/scanner.ts must have the same.
export default {};
