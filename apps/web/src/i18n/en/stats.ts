// English texts of the 'stats' namespace. Keys are the contract; tr/stats.ts must have the same.
export default {};
