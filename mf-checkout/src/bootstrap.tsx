import { mountStandalone } from '@circo/shared-web';
import '@circo/shared-web/src/ui/theme.css';
import App from './exposes/App';

mountStandalone('mf_checkout', App);
