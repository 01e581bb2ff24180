/**
 * The key of a contract's message in a table of the messages a form shows in the language
 * (`{ 'expected a symbol': 'symbolRequired' }`); undefined for a message the table does not hold.
 */
export function messageKey<M extends Readonly<Record<string, string>>>(
  table: M,
  message: string,
): M[keyof M] | undefined {
  return Object.hasOwn(table, message) ? table[message as keyof M] : undefined;
}
