// English texts of the 'seascan' namespace. Keys are the contract; tr/seascan.ts must have the same.
export default {};
