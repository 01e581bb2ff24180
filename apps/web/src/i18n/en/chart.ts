// English texts of the 'chart' namespace. Keys are the contract; tr/chart.ts must have the same.
export default {};
