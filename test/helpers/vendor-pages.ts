// Two documents of one vendor in two layouts (an invoice and a monthly statement) that share
// no label: what a label learned on one cannot read on the other (learning's general readers).

/** The vendor's invoice: number and date labelled, the total after `Invoice total EUR`. */
export function invoicePage(number: string, total: string): string {
  return [
    'Harbour Tools Ltd',
    `Invoice no. ${number}`,
    'Invoice date: 05.03.2026',
    '',
    'Hammer        2 x 10,00        20,00',
    `Saw           1 x ${total}    ${total}`,
    '',
    `Invoice total EUR ${total}`,
  ].join('\n');
}

/** The same vendor's statement, another template: no label of the invoice's is printed on it. */
export function statementPage(total: string): string {
  return [
    'Harbour Tools Ltd - Monthly statement',
    'Statement no. ST-88120, 30 April 2026',
    '',
    'Opening balance                0.00',
    `Saw x 1                       ${total}`,
    '',
    `Total amount due: EUR ${total}`,
  ].join('\n');
}
