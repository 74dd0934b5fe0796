import { fireEvent, screen, within } from '@testing-library/react';
import { vi } from 'vitest';
import type * as FieldWidgetModule from '../../../src/ui/builder/field-widget';
import { card, header, renderBuilder } from './builder-harness';

// One widget that fails to render (here: the summary box, the first two times) must not take the builder down.
let failuresLeft = 2;
vi.mock('../../../src/ui/builder/field-widget', async (importOriginal) => {
  const actual = await importOriginal<typeof FieldWidgetModule>();
  return {
    ...actual,
    FieldWidget: (props: Parameters<typeof actual.FieldWidget>[0]) => {
      if (props.field.name === 'summary' && failuresLeft > 0) {
        failuresLeft -= 1;
        throw new Error('widget exploded');
      }
      return <actual.FieldWidget {...props} />;
    },
  };
});

vi.setConfig({ testTimeout: 30_000 });

it("shows 'This section could not be shown.' in that section only, keeps the rest working and tries again", async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  const world = renderBuilder();
  await world.ready();
  fireEvent.click(header('Professional Summary'));
  const broken = within(card('Professional Summary'));
  expect(broken.getByRole('alert')).toHaveTextContent('This section could not be shown.');
  expect(errors.mock.calls.some((call) => String(call[0]).includes('Professional Summary'))).toBe(true);

  // The rest of the builder goes on: another section takes input, Save follows it.
  const fullName = within(card('Personal Details')).getByRole('textbox', { name: /Full Name/ });
  fireEvent.change(fullName, { target: { value: 'Ada' } });
  fireEvent.click(within(card('Personal Details')).getByRole('button', { name: 'Complete Section' }));
  expect(screen.getByRole('button', { name: 'Save CV' })).toBeEnabled();

  fireEvent.click(broken.getByRole('button', { name: 'Try again' }));
  expect(await broken.findByRole('textbox', { name: 'Summary' })).toBeInTheDocument();
  errors.mockRestore();
});
