// English texts of the 'market' namespace. Keys are the contract; tr/market.ts must have the same.
export default {};
