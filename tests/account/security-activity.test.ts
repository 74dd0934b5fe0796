import { describeActivity } from '../../src/account/security-activity';

// How a line of the security activity reads, for the kinds the card's own test does not show.
describe('describeActivity', () => {
  it('names new recovery codes as a change of its own', () => {
    expect(describeActivity({ kind: 'recovery_codes_replaced', detail: {} })).toEqual({
      title: 'New recovery codes made',
      outcome: 'changed',
    });
  });

  it('reads a kind it does not know as a general change', () => {
    expect(describeActivity({ kind: 'something_new', detail: {} })).toEqual({
      title: 'Account security changed',
      outcome: 'changed',
    });
  });
});
