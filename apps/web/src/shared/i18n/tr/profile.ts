import type { Messages } from '../messages';
import type en from '../en/profile';

// Turkish texts of the 'profile' namespace: the same keys as en/profile.ts (the type checks it).
const tr: Messages<typeof en> = {
  title: 'Profil',
  account: {
    title: 'Hesap',
    username: 'Kullanıcı adı',
    email: 'E-posta',
    roles: 'Roller',
    memberSince: 'Üyelik tarihi',
  },
  subscription: {
    title: 'Abonelik',
    ended: 'Aboneliğiniz sona erdi.',
    none: 'Aboneliğiniz yok.',
    seePlans: 'Planları gör',
    status: 'Durum',
    active: 'Etkin',
    paymentDue: 'Ödeme bekleniyor',
    plan: 'Plan',
    price: {
      month: 'ayda {{price}}',
      year: 'yılda {{price}}',
    },
    endsOn: 'Bitiş tarihi',
    renewsOn: 'Yenilenme tarihi',
    keep: 'Aboneliğimi sürdür',
    cancel: 'Dönem sonunda iptal et',
  },
  password: {
    title: 'Parola değiştir',
    current: 'Mevcut parola',
    new: 'Yeni parola ({{min}} ile {{max}} karakter arası)',
    again: 'Yeni parola (tekrar)',
    changed: 'Parolanız değiştirildi. Diğer oturumlar kapatıldı.',
    submit: 'Parolayı değiştir',
    errors: {
      differ: 'İki yeni parola birbirinden farklı.',
      currentRequired: 'Mevcut parolanızı girin.',
      length: 'Parola {{min}} ile {{max}} karakter arasında olmalıdır.',
      common: 'Bu parola yaygın veya sızdırılmış parola listelerinde yer alıyor; başka bir parola seçin.',
      personal: 'Parola, e-posta adresiniz veya kullanıcı adınız olamaz.',
    },
  },
};
export default tr;
