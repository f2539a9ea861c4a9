import { describe, expect, it } from 'vitest';
import { auditChangeLines, auditRecordText, type AuditNames } from './audit-text';

const names: AuditNames = {
  customers: new Map([[36, 'Alice Anders']]),
  casinos: new Map([[11, 'Lucky Star']]),
  types: new Map([[54, 'Purchase']]),
  users: new Map([[2, 'Sam Staff']]),
};

describe('the one audit formatter', () => {
  it('names ids, labels fields and writes dates, days and amounts the office’s way', () => {
    const after = {
      date: '2026-11-25T19:05:00.000Z',
      customerId: 36,
      casinoId: 11,
      transactionTypeId: 54,
      unplayedCoinsChange: '15000.00',
      usdChange: '-1250.50',
    };
    expect(auditChangeLines(null, after, names, 'America/New_York')).toEqual([
      'Date: Nov 25, 2026, 2:05 PM',
      'Customer: Alice Anders',
      'Casino: Lucky Star',
      'Type: Purchase',
      'Unplayed change: 15,000.00',
      'USD change: -$1,250.50',
    ]);
    expect(auditChangeLines(null, { customerId: 36, casinoId: 11, day: '2026-11-20', unplayedCoins: '2.50', streak: 3 }, names)).toEqual([
      'Customer: Alice Anders',
      'Casino: Lucky Star',
      'Day: Nov 20, 2026',
      'Unplayed coins: 2.50',
      'Streak (days): 3',
    ]);
  });

  it('lists only what an edit changed, before → after; an unknown id stays an id', () => {
    expect(auditChangeLines({ customerId: 36, isActive: true, name: 'A' }, { customerId: 99, isActive: false, name: 'A' }, names)).toEqual([
      'Customer: Alice Anders → #99',
      'Active: Yes → No',
    ]);
  });

  it('names the record an entry is about', () => {
    expect(auditRecordText({ entity: 'transaction', entityId: 7, after: { customerId: 36, casinoId: 11 } }, names)).toBe(
      'Transaction #7 · Alice Anders at Lucky Star',
    );
    expect(auditRecordText({ entity: 'customer', entityId: 36 }, names)).toBe('Customer Alice Anders');
    expect(auditRecordText({ entity: 'link', entityId: null, after: { customerId: 36, casinoId: 11, status: 'active' } }, names)).toBe(
      'Customer casino Alice Anders at Lucky Star',
    );
    expect(auditRecordText({ entity: 'transactionType', entityId: 54, after: { name: 'Purchase', casinoId: 11 } }, names)).toBe(
      'Transaction type Purchase — Lucky Star',
    );
    expect(auditRecordText({ entity: 'user', entityId: 2 }, names)).toBe('User Sam Staff');
  });
});
