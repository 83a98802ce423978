// The part of react-i18next every app shares (see README.md in this folder).
export { Trans, initReactI18next, useTranslation } from 'circo-original/react-i18next';
