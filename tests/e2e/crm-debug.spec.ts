import { test } from './fixtures';
import { freshUser, seedClients, signIn } from './crm-helpers';
test('debug', async ({ page }) => {
  const owner = await freshUser('dbg');
  await seedClients(owner.id, [{ full_name: 'Ana Souza', email: 'ana@acme.com.br' }]);
  await signIn(page, owner, '/my-clients');
  await page.locator('table tbody tr').first().waitFor();
  console.log('tables', await page.getByRole('table').count(), await page.locator('table').count());
  console.log('rows', await page.getByRole('row').count(), await page.getByRole('table').getByRole('row').count());
  console.log(await page.locator('body').ariaSnapshot());
});
