import type { Messages } from '../messages';
import type en from '../en/subscribe';

// Turkish texts of the 'subscribe' namespace: the same keys as en/subscribe.ts (the type checks it).
const tr: Messages<typeof en> = {
  title: 'Abone ol',
  testMode: 'Test modu',
  already: {
    subscribed: 'Abonesiniz',
    subscribedTo: '{{product}} abonesisiniz',
    renews: '; {{date}} tarihinde yenilenir',
    ends: '; {{date}} tarihinde sona erer',
    manage: '. Aboneliğinizi <profile>profilinizden</profile> yönetebilirsiniz.',
  },
  paymentsOff:
    'Bu sunucuda ödemeler yapılandırılmamış, bu yüzden şu anda abonelik satın alınamıyor. Lütfen daha sonra tekrar deneyin.',
  empty: 'Şu anda satışta plan yok.',
  plans: {
    intro:
      'Aboneler mevsimsellik araçlarını (mevsimsel grafik, desen, takvim, en iyi işlemler, mevsimsellik tarayıcısı) ve hisse tarayıcısını kullanır.',
    label: {
      month: '{{name}} aylık',
      year: '{{name}} yıllık',
    },
    per: {
      month: '/ ay',
      year: '/ yıl',
    },
    choose: '{{name}} seç',
  },
  result: {
    welcome: 'Aramıza hoş geldiniz!',
    next: '<seascan>Mevsimsellik tarayıcısı</seascan>, <scanner>hisse tarayıcısı</scanner> veya <dashboard>panonuz</dashboard> ile başlayın.',
  },
  checkout: {
    title: 'Ödeme',
    price: {
      month: '{{product}}: ayda <strong>{{price}}</strong>',
      year: '{{product}}: yılda <strong>{{price}}</strong>',
    },
    testCards:
      'Gerçek ödeme alınmaz. 4242 4242 4242 4242 kartı ödeme yapar; 4000 0000 0000 0002 reddedilir. İleri bir son kullanma tarihi ve 3 haneli herhangi bir kod girin.',
    form: 'Ödeme',
    cardNumber: 'Kart numarası',
    expiry: 'Son kullanma (AA/YY)',
    expiryPlaceholder: 'AA/YY',
    cvc: 'CVC',
    pay: 'Öde',
    back: 'Planlara dön',
    errors: {
      cardNumberRequired: 'Bir kart numarası girin',
      cardNumberDigits: 'Kart numarası yalnızca rakamlardan oluşur (boşluk ve tireler yok sayılır)',
      cardNumberLength: 'Kart numarası 12 ile 19 hane arasındadır',
      cardNumberInvalid: 'Bu kart numarası geçerli değil (kontrol hanesi tutmuyor)',
      expiry: 'Son kullanma tarihini AA/YY biçiminde girin',
      cvcRequired: 'Güvenlik kodunu girin',
      cvcDigits: 'Güvenlik kodu 3 veya 4 hanelidir',
    },
  },
};
export default tr;
