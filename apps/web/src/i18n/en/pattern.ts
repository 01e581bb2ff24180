// English texts of the 'pattern' namespace. Keys are the contract; tr/pattern.ts must have the same.
export default {};
