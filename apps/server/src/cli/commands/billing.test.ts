import { describe, expect, it } from 'vitest';
import { testDialects } from '../../testing/test-databases.js';
import { useTestApp } from '../../testing/test-fixtures.js';
import { createUser } from '../../testing/factories.js';
import { CliError } from '../output.js';
import { productsCommand, runJobsCommand, subscriberTagCommand } from './billing.js';

describe.each(testDialects())('billing commands (%s)', (dialect) => {
  const t = useTestApp(dialect, { scope: 'each' });

  it('lists plans, runs jobs and changes the tag by e-mail', async () => {
    const products = await productsCommand(t.services);
    expect(products.text).toBe(
      ['1  Solstice Premium', '    price 1: USD 29.00 per month', '    price 2: USD 290.00 per year'].join('\n'),
    );
    expect(await runJobsCommand(t.services)).toEqual({ value: { ran: 0 }, text: 'Ran 0 due jobs.' });
    const user = await createUser(t.services.database.db, { email: 'cli@example.com' });
    const granted = await subscriberTagCommand(t.services, 'CLI@example.com', true);
    expect(granted.value).toEqual({ id: user.contactId, tag_ids: [2582] });
    expect(granted.text).toBe(`cli@example.com: contact ${user.contactId}, tags [2582] (granted).`);
    expect((await subscriberTagCommand(t.services, 'cli@example.com', false)).value.tag_ids).toEqual([]);
    await expect(subscriberTagCommand(t.services, 'nobody@example.com', true)).rejects.toThrow(CliError);
  });
});
