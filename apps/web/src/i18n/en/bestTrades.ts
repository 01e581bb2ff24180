// English texts of the 'bestTrades' namespace. Keys are the contract; tr/bestTrades.ts must have the same.
export default {};
