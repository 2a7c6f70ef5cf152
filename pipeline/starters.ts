// Starter schemas and the two starter buckets seeded on new tenants. Labels are listed
// most specific first (see labeled_value) in English, German, French and Spanish.
import type { EinvoiceField } from './einvoice.ts';
import type { Schema } from './schema.ts';

const CURRENCY_CODES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'CAD', 'AUD', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK', 'HUF',
  'MXN', 'BRL', 'INR', 'CNY', 'NZD', 'SGD', 'HKD', 'ZAR'];

const currency = {
  type: 'string' as const,
  enum: CURRENCY_CODES,
  extract: [
    { kind: 'einvoice' as const, field: 'currency' as const },
    { kind: 'labeled_value' as const, labels: ['Currency', 'Währung', 'Devise', 'Monnaie', 'Moneda', 'Divisa'] },
    { kind: 'regex' as const, pattern: `\\b(?P<value>${CURRENCY_CODES.join('|')})\\b` },
    { kind: 'regex' as const, pattern: '(?P<value>[€$£¥])\\s?\\d' },
    { kind: 'regex' as const, pattern: '\\d\\s?(?P<value>[€$£¥])' },
  ],
};

const labels = (...list: string[]) => ({ kind: 'labeled_value' as const, labels: list });
/** An e-invoice's value (XML attachment or embedded in the PDF): exact, so it comes first. */
const xml = (field: EinvoiceField) => ({ kind: 'einvoice' as const, field });
const fromName = { kind: 'mailbox' as const, source: 'from' as const, part: 'name' as const };

export const STARTERS: Record<string, Schema> = {
  invoice: {
    name: 'invoice',
    fields: {
      invoice_number: {
        type: 'string', required: true,
        extract: [xml('invoice_number'), 
          labels('Invoice number', 'Invoice No.', 'Invoice No', 'Invoice #', 'Invoice ID', 'Inv. No', 'Rechnungsnummer',
            'Rechnungs-Nr.', 'Rechnungs-Nr', 'Rechnung Nr.', 'Rechnung Nr', 'Numéro de facture', 'N° de facture',
            'Facture n°', 'Facture N°', 'Número de factura', 'Nº de factura', 'Factura nº', 'Factura N°', 'Factura número'),
          { kind: 'regex', pattern: '(?:invoice|rechnung|facture|factura)\\s*(?:no\\.?|nr\\.?|n[°º]|number|#|nummer)?\\s*[:#]?\\s*(?P<value>[A-Z]{0,5}[-/]?\\d[A-Z0-9\\-/]{2,})' },
        ],
      },
      invoice_date: {
        type: 'date', required: true,
        extract: [xml('invoice_date'), 
          labels('Invoice date', 'Date of invoice', 'Issue date', 'Date issued', 'Rechnungsdatum', 'Date de facture',
            'Date de facturation', "Date d'émission", 'Fecha de factura', 'Fecha de emisión', 'Fecha factura', 'Date', 'Datum', 'Fecha'),
        ],
      },
      due_date: {
        type: 'date',
        extract: [xml('due_date'), labels('Due date', 'Payment due', 'Pay by', 'Due', 'Fälligkeitsdatum', 'Fällig am', 'Zahlbar bis', 'Fällig',
          "Date d'échéance", 'Échéance', 'Echéance', 'Fecha de vencimiento', 'Vencimiento')],
      },
      total_amount: {
        type: 'number', required: true,
        extract: [xml('total_amount'), labels('Total due', 'Amount due', 'Balance due', 'Total amount', 'Invoice total', 'Grand total', 'Total',
          'Rechnungsbetrag', 'Gesamtbetrag', 'Zu zahlender Betrag', 'Zu zahlen', 'Gesamtsumme', 'Summe', 'Net à payer',
          'Montant total', 'Total TTC', 'Montant dû', 'Total a pagar', 'Importe total', 'Total factura')],
      },
      currency,
      vendor_name: {
        type: 'string',
        extract: [xml('seller_name'), labels('Vendor', 'Supplier', 'Seller', 'Lieferant', 'Verkäufer', 'Fournisseur', 'Vendeur', 'Proveedor', 'Vendedor'), fromName],
      },
      vendor_email: { type: 'email', extract: [{ kind: 'mailbox', source: 'from', part: 'address' }, xml('seller_email')] },
      po_number: {
        type: 'string',
        extract: [xml('po_number'), labels('PO number', 'PO No.', 'PO No', 'PO #', 'Purchase order number', 'Purchase order', 'Your order',
          'Bestellnummer', 'Ihre Bestellung', 'Bon de commande', 'Numéro de commande', 'Orden de compra', 'Número de pedido')],
      },
    },
  },
  receipt: {
    name: 'receipt',
    fields: {
      receipt_number: {
        type: 'string',
        extract: [xml('invoice_number'), 
          labels('Receipt number', 'Receipt No.', 'Receipt No', 'Receipt #', 'Order number', 'Order No.', 'Order #',
            'Transaction ID', 'Belegnummer', 'Quittungsnummer', 'Bestellnummer', 'Numéro de reçu', 'Numéro de commande',
            'Número de recibo', 'Número de pedido'),
          { kind: 'regex', pattern: '(?:receipt|order)\\s*(?:no\\.?|number|#)\\s*[:#]?\\s*(?P<value>[A-Z0-9][A-Z0-9\\-]{3,})' },
        ],
      },
      merchant: {
        type: 'string',
        extract: [xml('seller_name'), labels('Merchant', 'Store', 'Shop', 'Händler', 'Geschäft', 'Commerçant', 'Magasin', 'Comercio', 'Tienda'), fromName],
      },
      date: {
        type: 'date', required: true,
        extract: [xml('invoice_date'), 
          labels('Purchase date', 'Order date', 'Transaction date', 'Date paid', 'Kaufdatum', 'Bestelldatum', "Date d'achat",
            'Date de commande', 'Fecha de compra', 'Fecha del pedido', 'Date', 'Datum', 'Fecha'),
          { kind: 'header', name: 'Date' },
        ],
      },
      total_amount: {
        type: 'number', required: true,
        extract: [xml('total_amount'), labels('Total charged', 'Amount charged', 'Amount paid', 'Total paid', 'Order total', 'Grand total', 'Total',
          'Gesamtbetrag', 'Gesamt', 'Summe', 'Betrag', 'Total payé', 'Montant payé', 'Montant', 'Total pagado', 'Importe pagado', 'Importe')],
      },
      currency,
      payment_method: {
        type: 'string',
        extract: [labels('Payment method', 'Paid with', 'Payment type', 'Zahlungsart', 'Zahlungsmethode', 'Bezahlt mit',
          'Moyen de paiement', 'Mode de paiement', 'Método de pago', 'Forma de pago')],
      },
    },
  },
  purchase_order: {
    name: 'purchase_order',
    fields: {
      po_number: {
        type: 'string', required: true,
        extract: [xml('po_number'), 
          labels('PO number', 'PO No.', 'PO No', 'PO #', 'Purchase order number', 'Purchase order no', 'Purchase order',
            'Bestellnummer', 'Bestellung Nr.', 'Bestell-Nr.', 'Numéro de bon de commande', 'Bon de commande n°',
            'Numéro de commande', 'Número de orden de compra', 'Orden de compra', 'Número de pedido'),
          { kind: 'regex', pattern: '\\bPO[-\\s#:]*(?P<value>[A-Z0-9]*\\d[A-Z0-9\\-]{2,})' },
        ],
      },
      order_date: {
        type: 'date',
        extract: [xml('order_date'), labels('Order date', 'PO date', 'Bestelldatum', 'Date de commande', 'Fecha de pedido', 'Fecha de la orden', 'Date', 'Datum', 'Fecha')],
      },
      buyer: {
        type: 'string',
        extract: [xml('buyer_name'), labels('Buyer', 'Ordered by', 'Purchaser', 'Käufer', 'Besteller', 'Acheteur', 'Comprador'), fromName],
      },
      total_amount: {
        type: 'number',
        extract: [xml('total_amount'), labels('Order total', 'Total amount', 'Grand total', 'Total', 'Bestellwert', 'Gesamtbetrag', 'Summe',
          'Montant total', 'Total commande', 'Importe total', 'Total')],
      },
      currency,
      delivery_date: {
        type: 'date',
        extract: [xml('delivery_date'), labels('Delivery date', 'Deliver by', 'Required by', 'Requested delivery', 'Liefertermin', 'Lieferdatum',
          'Date de livraison', 'Livraison souhaitée', 'Fecha de entrega')],
      },
    },
  },
  shipping_notice: {
    name: 'shipping_notice',
    fields: {
      tracking_number: {
        type: 'string', required: true,
        extract: [
          labels('Tracking number', 'Tracking No.', 'Tracking No', 'Tracking #', 'Tracking ID', 'Sendungsnummer',
            'Sendungsverfolgungsnummer', 'Trackingnummer', 'Paketnummer', 'Numéro de suivi', 'N° de suivi',
            'Número de seguimiento', 'Número de envío'),
          { kind: 'regex', pattern: '\\b(?P<value>1Z[0-9A-Z]{16})\\b' },
        ],
      },
      carrier: {
        type: 'string',
        extract: [
          labels('Carrier', 'Shipped via', 'Shipping carrier', 'Versanddienstleister', 'Versand mit', 'Paketdienst',
            'Transporteur', 'Transportista'),
          { kind: 'regex', pattern: '\\b(?P<value>UPS|FedEx|DHL|USPS|DPD|GLS|Hermes|Colissimo|Chronopost|Correos|Royal Mail|TNT|PostNL)\\b' },
        ],
      },
      order_number: {
        type: 'string',
        extract: [labels('Order number', 'Order No.', 'Order No', 'Order #', 'Bestellnummer', 'Numéro de commande', 'Número de pedido')],
      },
      ship_date: {
        type: 'date',
        extract: [labels('Ship date', 'Shipped on', 'Shipping date', 'Date shipped', 'Versanddatum', 'Versandt am',
          "Date d'expédition", 'Expédié le', 'Fecha de envío')],
      },
      estimated_delivery: {
        type: 'date',
        extract: [labels('Estimated delivery', 'Expected delivery', 'Estimated arrival', 'Delivery date', 'Arriving',
          'Voraussichtliche Zustellung', 'Voraussichtliches Lieferdatum', 'Zustellung', 'Livraison prévue',
          'Livraison estimée', 'Entrega estimada', 'Fecha estimada de entrega')],
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
        { subject_contains: ['invoice', 'rechnung', 'facture', 'factura'] },
        { attachment_name_matches: '(invoice|rechnung|facture|factura)' },
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
          'payment confirmation', 'order confirmation', 'bestellbestätigung', 'confirmation de commande', 'confirmación de pedido'] },
        { attachment_name_matches: '(receipt|quittung|beleg|recu|reçu|recibo)' },
      ],
    },
  },
] as const;
