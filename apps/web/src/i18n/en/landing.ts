// English texts of the 'landing' namespace. Keys are the contract; tr/landing.ts must have the same.
export default {};
