// English texts of the 'subscribe' namespace. Keys are the contract; tr/subscribe.ts must have the same.
export default {};
