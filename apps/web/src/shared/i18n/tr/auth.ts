import type { Messages } from '../messages';
import type en from '../en/auth';

// Turkish texts of the 'auth' namespace: the same keys as en/auth.ts (the type checks it).
const tr: Messages<typeof en> = {
  fields: {
    email: 'E-posta',
    login: 'E-posta veya kullanıcı adı',
    username: 'Kullanıcı adı',
    password: 'Parola',
    newPassword: 'Yeni parola',
    repeatPassword: 'Yeni parolayı tekrarlayın',
  },
  login: {
    title: 'Giriş yap',
    submit: 'Giriş yap',
    createAccount: 'Hesap oluştur',
    forgot: 'Parolanızı mı unuttunuz?',
  },
  signup: {
    title: 'Hesabınızı oluşturun',
    form: 'Kaydol',
    submit: 'Kaydol',
    haveAccount: 'Hesabım var',
  },
  forgot: {
    title: 'Parolanızı sıfırlayın',
    intro: 'Hesabınızın e-posta adresini girin; size bir bağlantı gönderelim.',
    send: 'Bağlantıyı gönder',
    back: 'Girişe dön',
    sent: 'Bu adresi kullanan bir hesap varsa, yeni parola seçmesi için bir bağlantı gönderdik. Bağlantı bir saat içinde, yalnızca bir kez çalışır.',
  },
  reset: {
    title: 'Yeni parola seçin',
    submit: 'Yeni parolayı kaydet',
    passwordsDiffer: 'İki parola birbirinden farklı.',
    success: 'Parolanız değiştirildi. Yeni parolanızla giriş yapın.',
    error: 'Hata',
  },
  validation: {
    login: 'E-posta adresinizi veya kullanıcı adınızı girin.',
    password: 'Parolanızı girin.',
    currentPassword: 'Mevcut parolanızı girin.',
    resetLink: 'Sıfırlama bağlantısı geçersiz.',
    email: 'Geçerli bir e-posta adresi girin, örneğin ad@example.com.',
    username: 'Kullanıcı adı 3 ile 32 arasında harf, rakam, "_", "-" veya "." içerir ve bir harf ya da rakamla başlar.',
    passwordLength: 'Parola {{min}} ile {{max}} karakter arasında olmalıdır.',
    passwordCommon: 'Bu parola yaygın veya sızdırılmış parola listelerinde yer alıyor; başka bir parola seçin.',
    passwordPersonal: 'Parola, e-posta adresiniz veya kullanıcı adınız olamaz.',
    required: 'Bu alan zorunludur.',
  },
};
export default tr;
