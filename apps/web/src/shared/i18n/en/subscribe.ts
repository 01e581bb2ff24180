// English texts of the 'subscribe' namespace. Keys are the contract; tr/subscribe.ts must have the same.
export default {
  title: 'Subscribe',
  testMode: 'Test mode',
  already: {
    subscribed: 'You are subscribed',
    subscribedTo: 'You are subscribed to {{product}}',
    renews: '; it renews on {{date}}',
    ends: '; it ends on {{date}}',
    manage: '. Manage it in your <profile>profile</profile>.',
  },
  paymentsOff:
    'Payments are not configured on this server, so subscriptions cannot be bought right now. Please try again later.',
  empty: 'No plan is on sale right now.',
  plans: {
    intro:
      'Subscribers get the seasonality tools (seasonal chart, pattern, calendar, best trades, seasonality scanner) and the stock scanner.',
    label: {
      month: '{{name}} monthly',
      year: '{{name}} yearly',
    },
    per: {
      month: 'per month',
      year: 'per year',
    },
    choose: 'Choose {{name}}',
  },
  result: {
    welcome: 'Welcome aboard!',
    next: 'Start with the <seascan>seasonality scanner</seascan>, the <scanner>stock scanner</scanner> or your <dashboard>dashboard</dashboard>.',
  },
  checkout: {
    title: 'Checkout',
    price: {
      month: '{{product}}: <strong>{{price}}</strong> per month',
      year: '{{product}}: <strong>{{price}}</strong> per year',
    },
    testCards:
      'No real payment is made. Card 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined. Any future expiry and any 3-digit code.',
    form: 'Payment',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    expiryPlaceholder: 'MM/YY',
    cvc: 'CVC',
    pay: 'Pay',
    back: 'Back to the plans',
    errors: {
      cardNumberRequired: 'expected a card number',
      cardNumberDigits: 'a card number has only digits (spaces and dashes are ignored)',
      cardNumberLength: 'a card number has 12 to 19 digits',
      cardNumberInvalid: 'this card number is not valid (check digit mismatch)',
      expiry: 'expected an expiry date as MM/YY',
      cvcRequired: 'expected a security code',
      cvcDigits: 'the security code has 3 or 4 digits',
    },
  },
};
