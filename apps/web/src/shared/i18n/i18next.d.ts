import 'i18next';
import type { Resources } from './resources';

// t() keys are checked against the English texts: a key that does not exist is a type error.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
