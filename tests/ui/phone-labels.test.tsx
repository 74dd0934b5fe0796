import { renderHook, waitFor } from '@testing-library/react';
import { usePhoneLabels } from '../../src/ui/phone-labels';

// The account phone field's country names follow the interface's language, from the phone library's translations.

describe('usePhoneLabels', () => {
  it('names the countries in English at once', () => {
    const { result } = renderHook(() => usePhoneLabels('en'));
    expect(result.current.DE).toBe('Germany');
  });

  it.each([
    ['de', 'Deutschland', 'Telefon'],
    ['fr', 'Allemagne', 'Téléphone'],
    ['ja', 'ドイツ', '電話番号'],
  ])('names them in %s once its names have come', async (language, germany, phone) => {
    const { result } = renderHook(() => usePhoneLabels(language));
    await waitFor(() => expect(result.current.DE).toBe(germany));
    expect(result.current.phone).toBe(phone);
  });

  it('follows a change of language, and keeps English for a language it has no names for', async () => {
    const { result, rerender } = renderHook(({ language }) => usePhoneLabels(language), {
      initialProps: { language: 'es' },
    });
    await waitFor(() => expect(result.current.DE).toBe('Alemania'));
    rerender({ language: 'pseudo' });
    await waitFor(() => expect(result.current.DE).toBe('Germany'));
  });
});
