// Starter schemas and the two starter buckets seeded on new tenants. Labels in English,
// German, French, Spanish, Dutch, Italian, Portuguese, Polish, Swedish and Danish; the
// most specific label found wins (see pipeline/extract-labels.ts). A list holds at most
// 50 labels, so long sets are split: the first list that finds a value wins.
import type { EinvoiceField } from './einvoice.ts';
import type { Schema } from './schema.ts';

const CURRENCY_CODES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'CAD', 'AUD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF',
  'MXN', 'BRL', 'INR', 'CNY', 'NZD', 'SGD', 'HKD', 'ZAR'];

const labels = (...list: string[]) => ({ kind: 'labeled_value' as const, labels: list });
/** An e-invoice's value (XML attachment or embedded in the PDF): exact, so it comes first. */
const xml = (field: EinvoiceField) => ({ kind: 'einvoice' as const, field });
/** The sender's display name: what the mail says about itself, so the last resort (at most 0.5). */
const fromName = { kind: 'mailbox' as const, source: 'from' as const, part: 'name' as const };

const currency = {
  type: 'string' as const,
  enum: CURRENCY_CODES,
  extract: [
    xml('currency'),
    labels('Currency', 'Währung', 'Devise', 'Monnaie', 'Moneda', 'Divisa', 'Valuta', 'Waluta', 'Moeda'),
    // A code not inside a word; it may touch the amount ("17 115,45PLN").
    { kind: 'regex' as const, pattern: `(?:^|[^\\p{L}])(?P<value>${CURRENCY_CODES.join('|')})(?:[^\\p{L}]|$)` },
    { kind: 'regex' as const, pattern: '(?P<value>[€$£¥])\\s?\\d' },
    { kind: 'regex' as const, pattern: '\\d\\s?(?P<value>[€$£¥]|zł)' },
  ],
};

// A bare "Number" under a document title ("Factura / Número: 123"): tried after the specific labels.
const BARE_NUMBER = ['Number', 'Nummer', 'Numéro', 'Número', 'Numero', 'Numer', 'Nummer'];
const BARE_DATE = ['Date', 'Datum', 'Fecha', 'Data', 'Dato'];

const INVOICE_NUMBER = ['Invoice number', 'Invoice No.', 'Invoice No', 'Invoice #', 'Invoice ID', 'Inv. No', 'Invoice Nr',
  'Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnungs-Nr', 'Rechnung Nr.', 'Rechnung Nr', 'Rechnungsnr.', 'Handelsrechnung Nr.',
  'Numéro de facture', 'N° de facture', 'N° facture', 'Facture n°', 'Facture N°', 'Facture No', 'Facture numéro',
  'Número de factura', 'Nº de factura', 'N.º de factura', 'Factura nº', 'Factura N°', 'Factura número', 'Nº factura',
  'Factuurnummer', 'Factuurnr.', 'Factuur nr.', 'Numero fattura', 'Numero della fattura', 'N. fattura', 'Fattura n.',
  'Numero documento', 'Número da fatura', 'Nº da fatura', 'Fatura nº', 'Número da nota', 'Numer faktury', 'Nr faktury',
  'Faktura nr', 'Faktura VAT nr', 'Fakturanummer', 'Fakturanr.', 'Fakturanr'];
const INVOICE_DATE = ['Invoice date', 'Date of invoice', 'Issue date', 'Date issued', 'Date of issue', 'Billing date',
  'Rechnungsdatum', 'Ausstellungsdatum', 'Belegdatum', 'Datum der Rechnung', 'Date de facture', 'Date de facturation',
  "Date d'émission", 'Date facture', 'Fecha de factura', 'Fecha de emisión', 'Fecha factura', 'Fecha de expedición',
  'Factuurdatum', 'Datum factuur', 'Data fattura', 'Data della fattura', 'Data documento', 'Data di emissione',
  'Data emissione', 'Data da fatura', 'Data de emissão', 'Data emissão', 'Data wystawienia', 'Data faktury',
  'Fakturadatum', 'Fakturadato'];
const DUE_DATE = ['Due date', 'Payment due date', 'Payment due', 'Date due', 'Due on', 'Pay by', 'Due', 'Fälligkeitsdatum',
  'Fällig am', 'Zahlbar bis', 'Zahlungsziel', 'Fälligkeit', 'Fällig', "Date d'échéance", 'Date limite de paiement',
  'À payer avant le', 'Échéance', 'Echéance', 'Fecha de vencimiento', 'Fecha límite de pago', 'Vencimiento',
  'Vervaldatum', 'Uiterste betaaldatum', 'Te betalen voor', 'Data di scadenza', 'Data scadenza', 'Scadenza',
  'Data de vencimento', 'Vencimento', 'Termin płatności', 'Termin zapłaty', 'Förfallodatum', 'Förfallodag',
  'Forfaldsdato', 'Betalingsfrist', 'Forfald'];
// The amount payable (gross): net, tax and subtotal lines are not listed, and a qualifier
// such as "HT" or "netto" between a label and its amount rejects the amount.
const TOTAL_PAYABLE = ['Total amount due', 'Total due', 'Amount due', 'Balance due', 'Amount payable', 'Total payable',
  'Total to pay', 'Invoice total', 'Grand total', 'Total amount', 'Total incl. VAT', 'Total including VAT',
  'Zu zahlender Betrag', 'Zahlbetrag', 'Zu zahlen', 'Rechnungsbetrag', 'Rechnungssumme brutto', 'Gesamtbetrag',
  'Bruttobetrag', 'Bruttosumme', 'Gesamtsumme', 'Endbetrag', 'Summe gesamt', 'Net à payer', 'Montant à payer', 'Total TTC',
  'Montant TTC', 'Total à payer', 'Montant total', 'Montant dû', 'Total a pagar', 'Importe a pagar', 'Importe total',
  'Total factura', 'Totaal te betalen', 'Te betalen', 'Totaalbedrag', 'Totaal incl. btw', 'Totale documento',
  'Totale da pagare', 'Netto a pagare', 'Importo totale', 'Totale fattura', 'Valor total da nota', 'Valor a pagar',
  'Valor total', 'Kwota należności ogółem'];
const TOTAL_PAYABLE_MORE = ['Razem do zapłaty', 'Do zapłaty', 'Wartość brutto', 'Kwota brutto', 'Summa att betala',
  'Att betala', 'Totalbelopp', 'Total at betale', 'At betale', 'Beløb i alt', 'I alt'];
const TOTAL_BARE = ['Total', 'Totaal', 'Totale', 'Totalt', 'Summe', 'Gesamt', 'Razem', 'Suma', 'Summa'];
const PO_NUMBER = ['Purchase order number', 'Purchase order no', 'Purchase order', 'PO number', 'PO No.', 'PO No', 'PO #',
  'Your order number', 'Your order', 'Order reference', 'Your reference', 'Your ref.', 'Customer reference',
  'Ihre Bestellnummer', 'Bestellnummer', 'Bestell-Nr.', 'Bestell-Nr', 'Bestellung Nr.', 'Ihre Bestellung',
  'Ihre Auftragsnummer', 'Auftragsnummer', 'Ihr Auftrag', 'Bestellung', 'Ihre Referenz', 'Ihr Zeichen',
  'N° bon de commande', 'Bon de commande', 'Numéro de commande', 'Votre commande', 'Votre référence', 'Référence commande',
  'Orden de compra', 'Número de pedido', 'Nº de pedido', 'Su pedido', 'Pedido nº', 'Su referencia'];
const PO_NUMBER_MORE = ['Inkoopordernummer', 'Inkooporder', 'Ordernummer', 'Bestelnummer', 'Uw referentie', 'Uw bestelling',
  "Ordine d'acquisto", 'Numero ordine', 'Vostro ordine', 'Riferimento ordine', 'Rif. ordine', 'Ordine n.',
  'Pedido de compra', 'Ordem de compra', 'Número do pedido', 'Nº do pedido', 'Sua referência', 'Numer zamówienia',
  'Nr zamówienia', 'Zamówienie nr', 'Zamówienie', 'Er referens', 'Beställningsnummer', 'Inköpsorder', 'Ordrenummer',
  'Jeres reference', 'Indkøbsordre', 'Rekvisitionsnummer'];
const SELLER = ['Vendor', 'Supplier', 'Seller', 'Sold by', 'Lieferant', 'Verkäufer', 'Rechnungssteller', 'Fournisseur',
  'Vendeur', 'Émetteur', 'Proveedor', 'Vendedor', 'Emisor', 'Leverancier', 'Verkoper', 'Cedente/Prestatore', 'Cedente',
  'Fornitore', 'Venditore', 'Fornecedor', 'Emitente', 'Prestador', 'Sprzedawca', 'Wystawca', 'Leverantör', 'Säljare',
  'Leverandør', 'Sælger'];

export const STARTERS: Record<string, Schema> = {
  invoice: {
    name: 'invoice',
    fields: {
      invoice_number: {
        type: 'string', required: true,
        extract: [
          xml('invoice_number'), labels(...INVOICE_NUMBER), labels(...BARE_NUMBER),
          // The document's title and its number ("Rechnung RE1001", "Invoice No 4711"); at most 24 characters.
          { kind: 'regex', pattern: '\\b(?:invoice|rechnung|facture|factura|factuur|fattura|fatura|faktura)\\s*(?:no\\.?|nr\\.?|n[°º]|number|#|nummer|numero|número|numer)?\\s*[:#]?\\s+(?P<value>[A-Z]{0,5}[-/]?\\d[A-Z0-9\\-/]{2,23})\\b' },
        ],
      },
      invoice_date: {
        type: 'date', required: true,
        extract: [xml('invoice_date'), labels(...INVOICE_DATE),
          // A letter's own date: "München, den 01.11.2024", "Paris, le 3 mars 2026".
          { kind: 'regex', pattern: ',\\s+(?:den|le|el|il)\\s+(?P<value>\\d{1,2}\\.?\\s?(?:\\d{1,2}\\.|\\p{L}{3,12})\\s?\\d{2,4})' },
          labels(...BARE_DATE)],
      },
      due_date: { type: 'date', extract: [xml('due_date'), labels(...DUE_DATE)] },
      total_amount: {
        type: 'number', required: true,
        extract: [xml('total_amount'), labels(...TOTAL_PAYABLE), labels(...TOTAL_PAYABLE_MORE), labels(...TOTAL_BARE)],
      },
      currency,
      vendor_name: { type: 'string', extract: [xml('seller_name'), labels(...SELLER), fromName] },
      vendor_email: { type: 'email', extract: [{ kind: 'mailbox', source: 'from', part: 'address' }, xml('seller_email')] },
      po_number: { type: 'string', extract: [xml('po_number'), labels(...PO_NUMBER), labels(...PO_NUMBER_MORE)] },
    },
  },
  receipt: {
    name: 'receipt',
    fields: {
      receipt_number: {
        type: 'string',
        extract: [
          xml('invoice_number'),
          labels('Receipt number', 'Receipt No.', 'Receipt No', 'Receipt #', 'Order number', 'Order No.', 'Order #',
            'Transaction ID', 'Belegnummer', 'Beleg-Nr.', 'Bon-Nr.', 'Quittungsnummer', 'Bestellnummer', 'Numéro de reçu',
            'N° de ticket', 'Numéro de commande', 'Número de recibo', 'Número de ticket', 'Número de pedido', 'Bonnummer',
            'Ordernummer', 'Numero scontrino', 'Scontrino n.', 'Numero ordine', 'Número do cupom', 'Número do pedido',
            'Numer paragonu', 'Nr paragonu', 'Numer zamówienia', 'Kvittonummer', 'Kvitteringsnummer', 'Ordrenummer'),
          labels(...BARE_NUMBER),
          { kind: 'regex', pattern: '(?:receipt|order)\\s*(?:no\\.?|number|#)\\s*[:#]?\\s*(?P<value>[A-Z0-9][A-Z0-9\\-]{3,})' },
        ],
      },
      merchant: {
        type: 'string',
        extract: [xml('seller_name'), labels('Merchant', 'Store', 'Shop', 'Sold by', 'Händler', 'Geschäft', 'Verkäufer',
          'Commerçant', 'Magasin', 'Comercio', 'Tienda', 'Winkel', 'Verkoper', 'Negozio', 'Esercente', 'Loja',
          'Estabelecimento', 'Sklep', 'Sprzedawca', 'Butik', 'Säljare', 'Forhandler'), fromName],
      },
      date: {
        type: 'date', required: true,
        extract: [
          xml('invoice_date'),
          labels('Purchase date', 'Order date', 'Transaction date', 'Date paid', 'Payment date', 'Kaufdatum', 'Bestelldatum',
            'Belegdatum', "Date d'achat", 'Date de commande', 'Fecha de compra', 'Fecha del pedido', 'Aankoopdatum',
            'Besteldatum', 'Data acquisto', "Data dell'ordine", 'Data da compra', 'Data zakupu', 'Data sprzedaży',
            'Köpdatum', 'Orderdatum', 'Købsdato', 'Ordredato'),
          labels(...BARE_DATE),
          { kind: 'header', name: 'Date' },
        ],
      },
      total_amount: {
        type: 'number', required: true,
        extract: [xml('total_amount'), labels('Total charged', 'Amount charged', 'Amount paid', 'Total paid', 'Order total',
          'Grand total', 'Gesamtbetrag', 'Zu zahlen', 'Total payé', 'Montant payé', 'Total TTC', 'Total pagado',
          'Importe pagado', 'Totaal betaald', 'Betaald', 'Importo pagato', 'Totale pagato', 'Total pago', 'Valor pago',
          'Valor total', 'Do zapłaty', 'Att betala', 'At betale', 'I alt'),
        labels(...TOTAL_BARE), labels('Betrag', 'Montant', 'Importe', 'Importo', 'Valor', 'Kwota', 'Belopp', 'Beløb')],
      },
      currency,
      payment_method: {
        type: 'string',
        extract: [labels('Payment method', 'Paid with', 'Payment type', 'Zahlungsart', 'Zahlungsmethode', 'Bezahlt mit',
          'Moyen de paiement', 'Mode de paiement', 'Mode de règlement', 'Método de pago', 'Forma de pago', 'Betaalmethode',
          'Betaalwijze', 'Metodo di pagamento', 'Modalità di pagamento', 'Forma de pagamento', 'Método de pagamento',
          'Metoda płatności', 'Forma płatności', 'Sposób płatności', 'Betalningsmetod', 'Betalningssätt',
          'Betalingsmetode', 'Betalingsform')],
      },
    },
  },
  purchase_order: {
    name: 'purchase_order',
    fields: {
      po_number: {
        type: 'string', required: true,
        extract: [
          xml('po_number'),
          labels('PO number', 'PO No.', 'PO No', 'PO #', 'Purchase order number', 'Purchase order no', 'Purchase order',
            'Order number', 'Bestellnummer', 'Bestellung Nr.', 'Bestell-Nr.', 'Auftragsnummer', 'Numéro de bon de commande',
            'Bon de commande n°', 'Numéro de commande', 'Número de orden de compra', 'Orden de compra', 'Número de pedido',
            'Pedido nº', 'Inkoopordernummer', 'Bestelnummer', 'Ordernummer', 'Numero ordine', 'Ordine n.',
            "Ordine d'acquisto", 'Número do pedido', 'Pedido de compra', 'Numer zamówienia', 'Zamówienie nr',
            'Beställningsnummer', 'Ordrenummer', 'Indkøbsordre'),
          labels(...BARE_NUMBER),
          { kind: 'regex', pattern: '\\bPO[-\\s#:]*(?P<value>[A-Z0-9]*\\d[A-Z0-9\\-]{2,})' },
        ],
      },
      order_date: {
        type: 'date',
        extract: [xml('order_date'), labels('Order date', 'PO date', 'Date of order', 'Bestelldatum', 'Auftragsdatum',
          'Date de commande', 'Fecha de pedido', 'Fecha de la orden', 'Orderdatum', 'Besteldatum', 'Data ordine',
          "Data dell'ordine", 'Data do pedido', 'Data zamówienia', 'Beställningsdatum', 'Ordredato'), labels(...BARE_DATE)],
      },
      buyer: {
        type: 'string',
        extract: [xml('buyer_name'), labels('Buyer', 'Ordered by', 'Purchaser', 'Customer', 'Käufer', 'Besteller',
          'Auftraggeber', 'Kunde', 'Acheteur', 'Client', 'Comprador', 'Cliente', 'Koper', 'Klant', 'Acquirente',
          'Committente', 'Nabywca', 'Zamawiający', 'Köpare', 'Beställare', 'Køber'), fromName],
      },
      total_amount: {
        type: 'number',
        extract: [xml('total_amount'), labels('Order total', 'Total amount', 'Grand total', 'Bestellwert', 'Gesamtbetrag',
          'Montant total', 'Total commande', 'Importe total', 'Totaalbedrag', 'Totale ordine', 'Importo totale',
          'Valor total', 'Wartość zamówienia', 'Wartość brutto', 'Ordervärde', 'Ordrebeløb'), labels(...TOTAL_BARE)],
      },
      currency,
      delivery_date: {
        type: 'date',
        extract: [xml('delivery_date'), labels('Requested delivery date', 'Delivery date', 'Deliver by', 'Required by',
          'Requested delivery', 'Liefertermin', 'Lieferdatum', 'Wunschtermin', 'Date de livraison', 'Livraison souhaitée',
          'Fecha de entrega', 'Leverdatum', 'Leveringsdatum', 'Data di consegna', 'Data consegna', 'Data de entrega',
          'Termin dostawy', 'Data dostawy', 'Leveransdatum', 'Leveringsdato')],
      },
    },
  },
  shipping_notice: {
    name: 'shipping_notice',
    fields: {
      tracking_number: {
        type: 'string', required: true,
        extract: [
          labels('Tracking number', 'Tracking No.', 'Tracking No', 'Tracking #', 'Tracking ID', 'Tracking code',
            'Sendungsnummer', 'Sendungsverfolgungsnummer', 'Trackingnummer', 'Paketnummer', 'Numéro de suivi', 'N° de suivi',
            'Número de seguimiento', 'Número de envío', 'Track & Trace code', 'Track & Trace', 'Zendingnummer',
            'Numero di tracking', 'Numero di spedizione', 'Código de rastreio', 'Código de rastreamento',
            'Numer przesyłki', 'Numer śledzenia', 'Kollinummer', 'Sändningsnummer', 'Spårningsnummer',
            'Forsendelsesnummer', 'Sporingsnummer'),
          { kind: 'regex', pattern: '\\b(?P<value>1Z[0-9A-Z]{16})\\b' },
        ],
      },
      carrier: {
        type: 'string',
        extract: [
          labels('Carrier', 'Shipped via', 'Shipping carrier', 'Versanddienstleister', 'Versand mit', 'Paketdienst',
            'Transporteur', 'Transportista', 'Vervoerder', 'Corriere', 'Vettore', 'Transportadora', 'Przewoźnik', 'Kurier',
            'Transportör', 'Fragtfirma'),
          { kind: 'regex', pattern: '\\b(?P<value>UPS|FedEx|DHL|USPS|DPD|GLS|Hermes|Colissimo|Chronopost|Correos|Royal Mail|TNT|PostNL|PostNord|InPost|BRT|Bpost)\\b' },
        ],
      },
      order_number: {
        type: 'string',
        extract: [xml('po_number'), labels('Order number', 'Order No.', 'Order No', 'Order #', 'Bestellnummer', 'Numéro de commande',
          'Número de pedido', 'Ordernummer', 'Bestelnummer', 'Numero ordine', 'Número do pedido', 'Numer zamówienia',
          'Beställningsnummer', 'Ordrenummer')],
      },
      ship_date: {
        type: 'date',
        extract: [labels('Ship date', 'Shipped on', 'Shipping date', 'Date shipped', 'Versanddatum', 'Versandt am',
          "Date d'expédition", 'Expédié le', 'Fecha de envío', 'Verzenddatum', 'Verzonden op', 'Data di spedizione',
          'Spedito il', 'Data de envio', 'Enviado em', 'Data wysyłki', 'Wysłano', 'Skickat', 'Afsendt')],
      },
      estimated_delivery: {
        type: 'date',
        extract: [labels('Estimated delivery', 'Expected delivery', 'Estimated arrival', 'Delivery date', 'Arriving',
          'Voraussichtliche Zustellung', 'Voraussichtliches Lieferdatum', 'Zustellung', 'Livraison prévue',
          'Livraison estimée', 'Entrega estimada', 'Fecha estimada de entrega', 'Verwachte levering',
          'Verwachte bezorging', 'Consegna prevista', 'Entrega prevista', 'Previsão de entrega', 'Przewidywana dostawa',
          'Szacowana dostawa', 'Beräknad leverans', 'Forventet levering')],
      },
    },
  },
};

export function starterByRef(ref: string): Schema | undefined {
  const match = /^starter:([a-z_]+)$/.exec(ref);
  return match ? STARTERS[match[1]!] : undefined;
}

/** The buckets seeded on sandboxes and on create_tenant with with_starters. */
export const STARTER_BUCKETS = [
  {
    name: 'invoices',
    description: 'Invoices from suppliers (starter bucket).',
    priority: 100,
    schema: 'starter:invoice',
    rule: {
      any: [
        { subject_contains: ['invoice', 'rechnung', 'facture', 'factura', 'factuur', 'fattura', 'fatura', 'faktura'] },
        { attachment_name_matches: '(invoice|rechnung|facture|factura|factuur|fattura|fatura|faktura)' },
      ],
    },
  },
  {
    name: 'receipts',
    description: 'Receipts and payment confirmations (starter bucket).',
    priority: 110,
    schema: 'starter:receipt',
    rule: {
      any: [
        { subject_contains: ['receipt', 'quittung', 'kassenbon', 'zahlungsbestätigung', 'reçu', 'recibo',
          'payment confirmation', 'order confirmation', 'bestellbestätigung', 'confirmation de commande', 'confirmación de pedido',
          'kassabon', 'ricevuta', 'scontrino', 'paragon', 'kvitto', 'kvittering', 'orderbevestiging', "conferma d'ordine",
          'confirmação de pedido', 'potwierdzenie zamówienia', 'orderbekräftelse', 'ordrebekræftelse'] },
        { attachment_name_matches: '(receipt|quittung|beleg|recu|reçu|recibo|kassabon|ricevuta|scontrino|paragon|kvitto|kvittering)' },
      ],
    },
  },
] as const;
