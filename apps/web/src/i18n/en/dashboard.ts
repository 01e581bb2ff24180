// English texts of the 'dashboard' namespace. Keys are the contract; tr/dashboard.ts must have the same.
export default {};
