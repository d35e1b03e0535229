// @vitest-environment jsdom
// Mantine's menu stays mid-transition in jsdom (display: none), so its items are found with `hidden: true`.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEMO_READ_ONLY_TEXT } from '@/lib/read-only';
import { type Answer, blog, dns, renderList, setUpListTests, shop, stubApi, three } from './monitor-list.test-support';

setUpListTests();

describe('MonitorList: adding, removing, sharing and editing', () => {
  it('disables Add Monitor for an unverified user', () => {
    stubApi();
    const { onAdd } = renderList({ monitors: three, canAdd: false });
    const add = screen.getByRole('button', { name: 'Add Monitor' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(onAdd).not.toHaveBeenCalled();
  });

  it("shows the demo's Add Monitor, Edit and Remove disabled, saying the demo is read-only; Share stays", async () => {
    stubApi({ monitors: three });
    const { onAdd } = renderList({ monitors: three, readOnly: DEMO_READ_ONLY_TEXT });
    const add = screen.getByRole('button', { name: 'Add Monitor' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.closest('[data-read-only]')?.getAttribute('title')).toBe(DEMO_READ_ONLY_TEXT);
    fireEvent.click(add);
    expect(onAdd).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Actions for HTTP:Shop' }));
    for (const name of ['Edit', 'Remove']) {
      const item = (await screen.findByRole('menuitem', { name, hidden: true })) as HTMLButtonElement;
      expect(item.disabled).toBe(true);
      expect(item.title).toBe(DEMO_READ_ONLY_TEXT);
    }
    // Reading the public link changes nothing: the demo may share.
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share', hidden: true }));
    expect(((await screen.findByRole('textbox', { name: 'Share link' })) as HTMLInputElement).value).toContain(
      '/symlink/token-3',
    );
  });

  it('opens the add form through onAdd', () => {
    stubApi();
    const { onAdd } = renderList({ monitors: three });
    fireEvent.click(screen.getByRole('button', { name: 'Add Monitor' }));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('disables Remove for a protected monitor only', async () => {
    stubApi();
    renderList({ monitors: [{ ...shop, is_protected: true }, blog] });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for HTTP:Shop' }));
    const protectedRemove = (await screen.findByRole('menuitem', {
      name: 'Remove',
      hidden: true,
    })) as HTMLButtonElement;
    expect(protectedRemove.disabled).toBe(true);
    expect(((await screen.findByRole('menuitem', { name: 'Edit', hidden: true })) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(((await screen.findByRole('menuitem', { name: 'Share', hidden: true })) as HTMLButtonElement).disabled).toBe(
      false,
    );
    fireEvent.keyDown(protectedRemove, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Remove', hidden: true })).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Actions for https://blog.example.test/' }));
    const remove = (await screen.findByRole('menuitem', { name: 'Remove', hidden: true })) as HTMLButtonElement;
    expect(remove.disabled).toBe(false);
  });

  it('shares the monitor’s public link, read from the whole monitor', async () => {
    stubApi({ monitors: three });
    renderList({ monitors: three });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for HTTP:Shop' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share', hidden: true }));
    const link = (await screen.findByRole('textbox', { name: 'Share link' })) as HTMLInputElement;
    expect(link.value).toBe('https://app.example.test/symlink/token-3');
  });

  it('opens the edit form with the whole monitor', async () => {
    stubApi({ monitors: [{ ...shop, period: 600 }, blog, dns] });
    renderList({ monitors: three });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for HTTP:Shop' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Edit', hidden: true }));
    expect(await screen.findByRole('dialog', { name: /Edit Monitor/ })).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: 'Period' })).toHaveProperty('value', '10 min');
  });

  it('removes after confirming: DELETE, the toast, then onRemoved', async () => {
    const fetchMock = stubApi();
    const { onRemoved } = renderList({ monitors: three });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for https://blog.example.test/' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Monitor' });
    expect(within(dialog).getByText('https://blog.example.test/')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Monitor removed!')).toBeTruthy();
    expect(onRemoved).toHaveBeenCalledWith(2);
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => new URL(String(url)).pathname)).toEqual(['/api/v1/monitors/2/']);
  });

  it.each<[string, Answer, string]>([
    ['a server failure', { status: 500, body: { detail: 'boom' } }, 'Something went wrong please try again later!'],
    [
      'a protected monitor',
      { status: 403, body: { detail: "You can't delete protected monitors.", code: 'PROTECTED_MONITOR' } },
      "You can't delete protected monitors.",
    ],
  ])('says so when the removal fails with %s', async (_name, answer, text) => {
    stubApi({ remove: answer });
    const { onRemoved } = renderList({ monitors: three });
    fireEvent.click(screen.getByRole('button', { name: 'Actions for https://blog.example.test/' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove', hidden: true }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Monitor' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(text)).toBeTruthy();
    expect(onRemoved).not.toHaveBeenCalled();
  });
});
