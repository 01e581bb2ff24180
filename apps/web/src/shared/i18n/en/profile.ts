// English texts of the 'profile' namespace. Keys are the contract; tr/profile.ts must have the same.
export default {
  title: 'Profile',
  account: {
    title: 'Account',
    username: 'Username',
    email: 'E-mail',
    roles: 'Roles',
    memberSince: 'Member since',
  },
  subscription: {
    title: 'Subscription',
    ended: 'Your subscription has ended.',
    none: 'You have no subscription.',
    seePlans: 'See the plans',
    status: 'Status',
    active: 'Active',
    paymentDue: 'Payment due',
    plan: 'Plan',
    price: {
      month: '{{price}} per month',
      year: '{{price}} per year',
    },
    endsOn: 'Ends on',
    renewsOn: 'Renews on',
    keep: 'Keep my subscription',
    cancel: 'Cancel at the end of the period',
  },
  password: {
    title: 'Change password',
    current: 'Current password',
    new: 'New password ({{min}} to {{max}} characters)',
    again: 'New password again',
    changed: 'Your password was changed. Other sessions were signed out.',
    submit: 'Change password',
    errors: {
      differ: 'The two new passwords differ.',
      currentRequired: 'Enter your current password.',
      length: 'A password has {{min}} to {{max}} characters.',
      common: 'This password is on lists of common or leaked passwords; choose another one.',
      personal: 'A password must not be your e-mail address or username.',
    },
  },
};
