// E-invoices read exactly. Structured invoices carry their data as XML: CII (ZUGFeRD 1
// and 2, Factur-X, XRechnung CII, Order-X orders), UBL (XRechnung UBL, Peppol BIS 3),
// FatturaPA (Italy), KSeF FA (Poland) and NF-e / NFC-e (Brazil). Each value is read
// from the element the format's specification defines for it, so it is exact
// (confidence 1.0), and carries the offsets of its text in the XML document.
//
// The vocabulary is the starters' own: a field of an order document is its po_number and
// order_date; the order an invoice refers to is the invoice's po_number.
import type { Document } from './types.ts';
import { child, children, descendants, either, parseXml, type XmlNode } from './xml-tree.ts';

export const EINVOICE_FIELDS = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'total_amount',
  'amount_due',
  'currency',
  'seller_name',
  'seller_email',
  'buyer_name',
  'po_number',
  'order_date',
  'delivery_date',
] as const;
export type EinvoiceField = (typeof EINVOICE_FIELDS)[number];

export interface EinvoiceValue {
  /** The value in a form the field types read without doubt (ISO date, plain decimal). */
  value: string;
  /** Offsets of the value's text in the XML document. */
  start: number;
  end: number;
}

export interface Einvoice {
  format: 'cii' | 'ubl' | 'fatturapa' | 'ksef' | 'nfe';
  kind: 'invoice' | 'credit_note' | 'order';
  fields: Partial<Record<EinvoiceField, EinvoiceValue>>;
}

const ROOTS: Record<string, Einvoice['format']> = {
  CrossIndustryInvoice: 'cii',
  CrossIndustryDocument: 'cii',
  SCRDMCCBDACIOMessageStructure: 'cii',
  Invoice: 'ubl',
  CreditNote: 'ubl',
  Order: 'ubl',
  FatturaElettronica: 'fatturapa',
  Faktura: 'ksef',
  nfeProc: 'nfe',
  NFe: 'nfe',
};

type Put = (field: EinvoiceField, node: XmlNode | null | undefined, read?: (text: string) => string | null) => void;

/** CII dates are format 102 (20240131); other formats write ISO dates, sometimes with a time. */
function isoDate(text: string): string | null {
  // 102 is 20240131, 203 and 204 add the time (202401311230); others write ISO.
  const m = /^(\d{4})-?(\d{2})-?(\d{2})(?:$|[T ]|\d{4}(?:\d{2})?$)/.exec(text.trim());
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

function decimal(text: string): string | null {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isFinite(n) ? String(n) : null;
}

/** One value where a format allows several (payment terms): only when they all agree. */
function single(nodes: XmlNode[]): XmlNode | null {
  const withText = nodes.filter((n) => n.text);
  return withText.length > 0 && withText.every((n) => n.text === withText[0]!.text) ? withText[0]! : null;
}

function cii(root: XmlNode, put: Put): Einvoice['kind'] {
  const order = root.name === 'SCRDMCCBDACIOMessageStructure';
  const doc = either(root, ['ExchangedDocument'], ['HeaderExchangedDocument']);
  const tx = either(root, ['SupplyChainTradeTransaction'], ['SpecifiedSupplyChainTradeTransaction']);
  const agreement = either(tx, ['ApplicableHeaderTradeAgreement'], ['ApplicableSupplyChainTradeAgreement']);
  const settlement = either(tx, ['ApplicableHeaderTradeSettlement'], ['ApplicableSupplyChainTradeSettlement']);
  const delivery = either(tx, ['ApplicableHeaderTradeDelivery'], ['ApplicableSupplyChainTradeDelivery']);
  const summation = either(
    settlement,
    ['SpecifiedTradeSettlementHeaderMonetarySummation'],
    ['SpecifiedTradeSettlementMonetarySummation'],
  );
  const currency = either(settlement, ['InvoiceCurrencyCode'], ['OrderCurrencyCode']);
  const issued = child(doc, 'IssueDateTime', 'DateTimeString');
  put(order ? 'po_number' : 'invoice_number', child(doc, 'ID'));
  put(order ? 'order_date' : 'invoice_date', issued, isoDate);
  if (!order)
    put(
      'po_number',
      either(agreement, ['BuyerOrderReferencedDocument', 'IssuerAssignedID'], ['BuyerOrderReferencedDocument', 'ID']),
    );
  put(
    'due_date',
    single(
      children(settlement, 'SpecifiedTradePaymentTerms')
        .map((t) => child(t, 'DueDateDateTime', 'DateTimeString')!)
        .filter(Boolean),
    ),
    isoDate,
  );
  put('currency', currency);
  // A second GrandTotalAmount may state the total in the tax currency: take the document currency's.
  const totals = children(summation, 'GrandTotalAmount');
  put(
    'total_amount',
    totals.find((t) => !t.attrs.currencyID || t.attrs.currencyID === currency?.text) ?? totals[0],
    decimal,
  );
  put('amount_due', child(summation, 'DuePayableAmount'), decimal);
  const seller = child(agreement, 'SellerTradeParty');
  put('seller_name', child(seller, 'Name'));
  // The contact's address is where a person writes; the electronic address (schemeID EM) is
  // where e-invoices are delivered, used only when no contact address is given.
  put(
    'seller_email',
    child(seller, 'DefinedTradeContact', 'EmailURIUniversalCommunication', 'URIID') ??
      children(seller, 'URIUniversalCommunication')
        .map((u) => child(u, 'URIID'))
        .find((u) => u?.text.includes('@')),
  );
  put('buyer_name', child(agreement, 'BuyerTradeParty', 'Name'));
  put(
    'delivery_date',
    either(
      delivery,
      ['ActualDeliverySupplyChainEvent', 'OccurrenceDateTime', 'DateTimeString'],
      ['RequestedDeliverySupplyChainEvent', 'OccurrenceDateTime', 'DateTimeString'],
    ),
    isoDate,
  );
  if (order) return 'order';
  return ['381', '261', '396', '532'].includes(child(doc, 'TypeCode')?.text ?? '') ? 'credit_note' : 'invoice';
}

function ubl(root: XmlNode, put: Put): Einvoice['kind'] {
  const order = root.name === 'Order';
  put(order ? 'po_number' : 'invoice_number', child(root, 'ID'));
  put(order ? 'order_date' : 'invoice_date', child(root, 'IssueDate'), isoDate);
  put(
    'due_date',
    child(root, 'DueDate') ??
      single(
        children(root, 'PaymentMeans')
          .map((p) => child(p, 'PaymentDueDate')!)
          .filter(Boolean),
      ),
    isoDate,
  );
  put('currency', child(root, 'DocumentCurrencyCode'));
  const totals = either(root, ['LegalMonetaryTotal'], ['AnticipatedMonetaryTotal']);
  put('total_amount', child(totals, 'TaxInclusiveAmount') ?? (order ? child(totals, 'PayableAmount') : null), decimal);
  put('amount_due', child(totals, 'PayableAmount'), decimal);
  const seller = either(root, ['AccountingSupplierParty', 'Party'], ['SellerSupplierParty', 'Party']);
  put('seller_name', child(seller, 'PartyLegalEntity', 'RegistrationName') ?? child(seller, 'PartyName', 'Name'));
  put('seller_email', child(seller, 'Contact', 'ElectronicMail'));
  const buyer = either(root, ['AccountingCustomerParty', 'Party'], ['BuyerCustomerParty', 'Party']);
  put('buyer_name', child(buyer, 'PartyLegalEntity', 'RegistrationName') ?? child(buyer, 'PartyName', 'Name'));
  if (!order) put('po_number', child(root, 'OrderReference', 'ID'));
  put(
    'delivery_date',
    either(root, ['Delivery', 'ActualDeliveryDate'], ['Delivery', 'RequestedDeliveryPeriod', 'EndDate']),
    isoDate,
  );
  return order ? 'order' : root.name === 'CreditNote' ? 'credit_note' : 'invoice';
}

function fatturapa(root: XmlNode, put: Put): Einvoice['kind'] {
  const bodies = children(root, 'FatturaElettronicaBody');
  // A batch of several invoices in one file has no single value per field.
  if (bodies.length !== 1) return 'invoice';
  const body = bodies[0]!;
  const seller = child(root, 'FatturaElettronicaHeader', 'CedentePrestatore');
  const general = child(body, 'DatiGenerali', 'DatiGeneraliDocumento');
  put('invoice_number', child(general, 'Numero'));
  put('invoice_date', child(general, 'Data'), isoDate);
  put('currency', child(general, 'Divisa'));
  put('total_amount', child(general, 'ImportoTotaleDocumento'), decimal);
  put('seller_name', child(seller, 'DatiAnagrafici', 'Anagrafica', 'Denominazione'));
  put('seller_email', child(seller, 'Contatti', 'Email'));
  put(
    'buyer_name',
    child(root, 'FatturaElettronicaHeader', 'CessionarioCommittente', 'DatiAnagrafici', 'Anagrafica', 'Denominazione'),
  );
  put('due_date', single(descendants(child(body, 'DatiPagamento'), 'DataScadenzaPagamento')), isoDate);
  put('po_number', child(body, 'DatiGenerali', 'DatiOrdineAcquisto', 'IdDocumento'));
  return ['TD04', 'TD08'].includes(child(general, 'TipoDocumento')?.text ?? '') ? 'credit_note' : 'invoice';
}

function ksef(root: XmlNode, put: Put): Einvoice['kind'] {
  const fa = child(root, 'Fa');
  put('invoice_number', child(fa, 'P_2'));
  put('invoice_date', child(fa, 'P_1'), isoDate);
  put('currency', child(fa, 'KodWaluty'));
  put('total_amount', child(fa, 'P_15'), decimal);
  put('seller_name', child(root, 'Podmiot1', 'DaneIdentyfikacyjne', 'Nazwa'));
  put('seller_email', child(root, 'Podmiot1', 'DaneKontaktowe', 'Email'));
  put('buyer_name', child(root, 'Podmiot2', 'DaneIdentyfikacyjne', 'Nazwa'));
  put('due_date', single(descendants(child(fa, 'Platnosc') ?? child(fa, 'Platnosci'), 'Termin')), isoDate);
  put('po_number', single(descendants(child(fa, 'WarunkiTransakcji'), 'NrZamowienia')));
  return /^KOR/.test(child(fa, 'RodzajFaktury')?.text ?? '') ? 'credit_note' : 'invoice';
}

function nfe(root: XmlNode, put: Put): Einvoice['kind'] {
  const inf = descendants(root, 'infNFe')[0];
  const ide = child(inf, 'ide');
  put('invoice_number', child(ide, 'nNF'));
  put('invoice_date', child(ide, 'dhEmi') ?? child(ide, 'dEmi'), isoDate);
  put('total_amount', child(inf, 'total', 'ICMSTot', 'vNF'), decimal);
  put('seller_name', child(inf, 'emit', 'xNome'));
  put('buyer_name', child(inf, 'dest', 'xNome'));
  put('po_number', child(inf, 'compra', 'xPed'));
  put('due_date', single(descendants(child(inf, 'cobr'), 'dVenc')), isoDate);
  return 'invoice';
}

const READERS = { cii, ubl, fatturapa, ksef, nfe };

/** Whether text looks like one of the formats above, without parsing it. */
export function looksLikeEinvoice(text: string): boolean {
  let at = text.indexOf('<');
  // Skip the declaration, comments (licence texts can be long) and a doctype to the root tag.
  while (at >= 0 && (text[at + 1] === '?' || text[at + 1] === '!')) {
    const close = text.startsWith('<!--', at) ? text.indexOf('-->', at) : text.indexOf('>', at);
    if (close < 0) return false;
    at = text.indexOf('<', close);
  }
  if (at < 0 || /\S/.test(text.slice(0, text.indexOf('<')).replace(/^\uFEFF/, ''))) return false;
  const root = /^<(?:[\w.-]+:)?([A-Za-z]\w*)[\s>/]/.exec(text.slice(at, at + 200));
  return Boolean(root && root[1]! in ROOTS);
}

/** `partial`: the text was cut at the document size limit (values after the cut are missing). */
export function readEinvoice(text: string, partial = false): Einvoice | null {
  if (!looksLikeEinvoice(text)) return null;
  const root = parseXml(text, partial);
  const format = root ? ROOTS[root.name] : undefined;
  if (!root || !format) return null;
  const fields: Einvoice['fields'] = {};
  const put: Put = (field, node, read = (t) => t) => {
    if (!node?.text || fields[field]) return;
    const value = read(node.text.replace(/\s+/g, ' '));
    if (value) fields[field] = { value, start: node.start, end: node.end };
  };
  const kind = READERS[format](root, put);
  return Object.keys(fields).length > 0 ? { format, kind, fields } : null;
}

const parsed = new WeakMap<Document, Einvoice | null>();

/** The e-invoice a document is (XML attachment or embedded in a PDF), parsed once per document. */
export function einvoiceOf(doc: Document): Einvoice | null {
  if (doc.kind !== 'attachment' || !doc.text) return null;
  let found = parsed.get(doc);
  if (found === undefined) {
    found = looksLikeEinvoice(doc.text) ? readEinvoice(doc.text, doc.truncated) : null;
    parsed.set(doc, found);
  }
  return found;
}
