/**
 * Site content the teacher changes without a developer: one file per
 * language, served by GET /api/content?lang=.
 */
export interface Testimonial {
  name: string;
  role: string;
  text: string;
}

export interface SocialLink {
  network: 'instagram' | 'youtube' | 'facebook' | 'tiktok' | 'vimeo';
  url: string;
}

export interface SiteContent {
  siteName: string;
  tagline: string;
  hero: { title: string; subtitle: string };
  paragraphs: string[];
  testimonials: Testimonial[];
  about: { title: string; biography: string[]; cvUrl: string };
  schools: { title: string; paragraphs: string[] };
  formationsCoverVideo: string;
  contact: { email: string; whatsapp: string; whatsappDisplay: string };
  social: SocialLink[];
  termsUrl: string;
  /**
   * Title and description of the public pages by page id (`home`, `courses`, `formations`,
   * `about`, `search`): what the server writes in each page's head and the shell in the tab.
   */
  pages?: Partial<Record<string, { title: string; description: string }>>;
}
