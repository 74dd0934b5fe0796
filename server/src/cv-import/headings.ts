// Section headings in the languages CVs are written in most here (English, German, French, Spanish, Italian,
// Dutch, Portuguese), by the JSON Resume list they fill. A heading is matched whole, case and accents aside, so a
// sentence that happens to start with "Experience" is not one.

export type SectionKind =
  | 'contact'
  | 'summary'
  | 'work'
  | 'education'
  | 'skills'
  | 'languages'
  | 'certificates'
  | 'projects'
  | 'awards'
  | 'publications'
  | 'volunteer'
  | 'interests'
  | 'references';

const HEADINGS: Record<SectionKind, string[]> = {
  contact: [
    'contact',
    'contact details',
    'contact information',
    'personal details',
    'personal information',
    'kontakt',
    'kontaktdaten',
    'persönliche daten',
    'coordonnées',
    'contacto',
    'datos personales',
    'contatti',
    'contactgegevens',
    'persoonlijke gegevens',
    'contato',
  ],
  summary: [
    'summary',
    'profile',
    'professional summary',
    'about me',
    'about',
    'career objective',
    'objective',
    'hello',
    'personal statement',
    'research interests',
    'profil',
    'kurzprofil',
    'zusammenfassung',
    'über mich',
    'résumé',
    'à propos',
    'perfil',
    'resumen',
    'sobre mí',
    'profilo',
    'sommario',
    'profiel',
    'samenvatting',
    'resumo',
    'sobre mim',
  ],
  work: [
    'experience',
    'work experience',
    'professional experience',
    'employment',
    'employment history',
    'work history',
    'career history',
    'academic appointments',
    'berufserfahrung',
    'berufliche erfahrung',
    'berufspraxis',
    'werdegang',
    'beruflicher werdegang',
    'expérience',
    'expériences',
    'expérience professionnelle',
    'expériences professionnelles',
    'experiencia',
    'experiencia laboral',
    'experiencia profesional',
    'esperienza',
    'esperienze',
    'esperienza professionale',
    'esperienze lavorative',
    'werkervaring',
    'ervaring',
    'experiência',
    'experiência profissional',
  ],
  education: [
    'education',
    'academic background',
    'qualifications',
    'ausbildung',
    'bildung',
    'bildungsweg',
    'studium',
    'formation',
    'formations',
    'éducation',
    'educación',
    'formación',
    'formazione',
    'istruzione',
    'opleiding',
    'opleidingen',
    'educação',
    'formação',
  ],
  skills: [
    'skills',
    'core skills',
    'technical skills',
    'key skills',
    'tools & skills',
    'methods & skills',
    'areas of expertise',
    'expertise',
    'competencies',
    'kenntnisse',
    'fähigkeiten',
    'fachkenntnisse',
    'kompetenzen',
    'compétences',
    'habilidades',
    'competencias',
    'conocimientos',
    'competenze',
    'vaardigheden',
    'competências',
  ],
  languages: [
    'languages',
    'sprachen',
    'sprachkenntnisse',
    'langues',
    'idiomas',
    'lingue',
    'talen',
    'línguas',
  ],
  certificates: [
    'certifications',
    'certificates',
    'licences & certifications',
    'licenses & certifications',
    'awards & certifications',
    'admissions & qualifications',
    'zertifikate',
    'zertifizierungen',
    'weiterbildung',
    'certifications et licences',
    'certificaciones',
    'certificazioni',
    'certificaten',
    'certificações',
  ],
  projects: [
    'projects',
    'selected work',
    'portfolio',
    'research projects',
    'projects & open source',
    'projekte',
    'projets',
    'proyectos',
    'progetti',
    'projecten',
    'projetos',
  ],
  awards: [
    'awards',
    'honours',
    'honors',
    'awards & activities',
    'grants and awards',
    'auszeichnungen',
    'distinctions',
    'prix',
    'premios',
    'premi',
    'prijzen',
    'prémios',
  ],
  publications: [
    'publications',
    'veröffentlichungen',
    'publikationen',
    'publicaciones',
    'pubblicazioni',
    'publicaties',
    'publicações',
  ],
  volunteer: [
    'volunteering',
    'volunteer',
    'volunteer experience',
    'ehrenamt',
    'bénévolat',
    'voluntariado',
    'volontariato',
    'vrijwilligerswerk',
  ],
  interests: [
    'interests',
    'hobbies',
    'interessen',
    'hobbys',
    "centres d'intérêt",
    'intereses',
    'interessi',
    'interesses',
  ],
  references: [
    'references',
    'referenzen',
    'références',
    'referencias',
    'referenze',
    'referenties',
    'referências',
  ],
};

/** Lower case, no accents, no trailing colon, "and" for "&": how a heading is compared. */
export function headingKey(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^[#\s§>*▸▹■●◆-]+/, '')
    .replace(/\s+&\s+|\s+and\s+|\s+und\s+|\s+et\s+|\s+y\s+|\s+e\s+|\s+en\s+/g, ' & ')
    .replace(/[:.]+$/, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const BY_KEY = new Map<string, SectionKind>(
  (Object.entries(HEADINGS) as Array<[SectionKind, string[]]>).flatMap(([kind, names]) =>
    names.map((name) => [headingKey(name), kind] as const),
  ),
);

/** The list a heading fills, or undefined when the line is not a heading this parser knows. */
export function sectionKindOf(text: string): SectionKind | undefined {
  if (text.length > 40) return undefined;
  return BY_KEY.get(headingKey(text));
}
