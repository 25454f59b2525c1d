import type { PayeeRow } from '@yuan/contract';

/** Payees whose name or address contains the typed text (all of them while nothing is typed). */
export function matchingPayees(payees: PayeeRow[], text: string | undefined): PayeeRow[] {
  const needle = (text ?? '').trim().toLowerCase();
  if (!needle) {
    return payees;
  }
  return payees.filter(
    (p) => p.name.toLowerCase().includes(needle) || p.address.toLowerCase().includes(needle),
  );
}

/** The payee a typed or picked address belongs to, if it is one of the user's. */
export function payeeOf(payees: PayeeRow[], address: string | undefined): PayeeRow | undefined {
  const wanted = (address ?? '').trim().toLowerCase();
  return wanted ? payees.find((p) => p.address.toLowerCase() === wanted) : undefined;
}
