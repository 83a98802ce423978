// Standalone mode (its own dev server); the shell loads ./App through Module Federation instead.
void import('./bootstrap');
