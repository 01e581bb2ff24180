// English texts of the 'symbol' namespace. Keys are the contract; tr/symbol.ts must have the same.
export default {};
