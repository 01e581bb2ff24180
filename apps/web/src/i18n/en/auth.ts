// English texts of the 'auth' namespace. Keys are the contract; tr/auth.ts must have the same.
export default {};
