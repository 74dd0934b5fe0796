// A new CV's draft id, minted when 'Create New CV' is clicked (./identity says what it identifies). A module of its
// own: the /dashboard route mints one before the builder loads, and only this much of the CV model comes with it.

export function mintDraftId(): string {
  return crypto.randomUUID();
}
