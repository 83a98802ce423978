import type {
  LocalizedFlags,
  LocalizedOptional,
  LocalizedText,
} from '../database/tables/columns.js';

// The demo catalogue of a first start: realistic circus content in es/en/fr. Plain data only;
// seed.ts writes it. Images are the placeholder SVGs of api/content/images.

const t = (es: string, en: string, fr: string): LocalizedText => ({ es, en, fr });
const same = (value: string): LocalizedOptional => ({ es: value, en: value, fr: value });
const image = (name: string) => same(`/api/content/images/${name}.svg`);

export const ALL_LANGS: LocalizedFlags = { es: true, en: true, fr: true };
export const HIDDEN_IN_EN: LocalizedFlags = { es: true, en: false, fr: true };
export const HIDDEN_IN_FR: LocalizedFlags = { es: true, en: true, fr: false };

export const DEMO_VIDEOS = {
  vimeo: 'https://vimeo.com/76979871',
  youtube: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
} as const;
/**
 * The class PDFs and videos of the demo: real small files shipped in api/content/demo-media,
 * copied into the private local storage by the seed (so `npm start` plays them offline).
 */
export const DEMO_MEDIA_FILES = { pdf: 'ficha-demo.pdf', video: 'clase-demo.mp4' } as const;

export interface DemoMedia {
  kind: 'pdf' | 'video';
  title: LocalizedText;
  description: LocalizedText;
}

export interface DemoClass {
  title: LocalizedText;
  subtitle: LocalizedText;
  content: LocalizedText;
  secondaryContent?: LocalizedText;
  media: DemoMedia[];
  /** Where the class itself is visible (within its item's languages); the item's flags when absent. */
  visible?: LocalizedFlags;
}

export interface DemoCourse {
  key: string;
  title: LocalizedText;
  description: LocalizedText;
  priceCents: number;
  image: LocalizedOptional;
  video: string | null;
  visible: LocalizedFlags;
  classes: DemoClass[];
}

export interface DemoModule {
  title: LocalizedText;
  description: LocalizedText;
  classes: DemoClass[];
}

export interface DemoFormation extends Omit<DemoCourse, 'classes'> {
  modules: DemoModule[];
}

const exerciseSheet = (): DemoMedia => ({
  kind: 'pdf',
  title: t('Ficha de ejercicios', 'Exercise sheet', "Fiche d'exercices"),
  description: t(
    'Imprímela y llévala al entrenamiento.',
    'Print it and bring it to your training.',
    "Imprimez-la et apportez-la à l'entraînement.",
  ),
});
// the provider argument names what a real install would use; the demo plays a local file
const demoVideo = (_provider: keyof typeof DEMO_VIDEOS): DemoMedia => ({
  kind: 'video',
  title: t('Demostración en vídeo', 'Video demonstration', 'Démonstration vidéo'),
  description: t(
    'Mira el ejercicio completo antes de probarlo.',
    'Watch the whole exercise before you try it.',
    "Regardez l'exercice en entier avant de l'essayer.",
  ),
});

const cls = (
  title: LocalizedText,
  subtitle: LocalizedText,
  content: LocalizedText,
  media: DemoMedia[] = [],
  secondaryContent?: LocalizedText,
): DemoClass => ({ title, subtitle, content, media, secondaryContent });

export const DEMO_COURSES: DemoCourse[] = [
  {
    key: 'aerial-silks',
    title: t(
      'Acrobacia aérea en telas: iniciación',
      'Aerial silks acrobatics: beginners',
      'Acrobatie aérienne sur tissu : initiation',
    ),
    description: t(
      'Aprende a subir, sujetarte y encadenar tus primeras figuras en la tela con una progresión segura, pensada para quien nunca ha colgado de un aparato aéreo.',
      'Learn to climb, hold yourself and link your first poses on the silks with a safe progression, designed for people who have never hung from an aerial apparatus.',
      "Apprenez à monter, à vous tenir et à enchaîner vos premières figures sur le tissu grâce à une progression sûre, pensée pour celles et ceux qui n'ont jamais pratiqué d'agrès aérien.",
    ),
    priceCents: 4900,
    image: image('aerial-silks'),
    video: DEMO_VIDEOS.youtube,
    visible: ALL_LANGS,
    classes: [
      cls(
        t(
          'Calentamiento y seguridad en el aparato',
          'Warm-up and safety on the apparatus',
          "Échauffement et sécurité sur l'agrès",
        ),
        t('Antes de subir', 'Before you climb', 'Avant de monter'),
        t(
          'Revisamos el punto de anclaje, la colchoneta y un calentamiento de hombros, muñecas y abdomen.',
          'We check the rigging point and the crash mat, then warm up shoulders, wrists and core.',
          "Nous vérifions le point d'accroche et le tapis, puis échauffons épaules, poignets et sangle abdominale.",
        ),
        [exerciseSheet(), demoVideo('vimeo')],
      ),
      cls(
        t(
          'Primeras subidas: la trepa básica',
          'First climbs: the basic climb',
          'Premières montées : la grimpe de base',
        ),
        t(
          'Brazos y pies trabajando juntos',
          'Arms and feet working together',
          'Bras et pieds ensemble',
        ),
        t(
          'La trepa con llave de pie te permite descansar a media altura y ahorrar fuerza de brazos.',
          'Climbing with a foot lock lets you rest half-way up and save arm strength.',
          "La grimpe avec clé de pied permet de se reposer à mi-hauteur et d'économiser les bras.",
        ),
        [demoVideo('youtube')],
      ),
      cls(
        t(
          'Llaves de pie y primeras figuras',
          'Foot locks and first poses',
          'Clés de pied et premières figures',
        ),
        t('Tu primera secuencia', 'Your first sequence', 'Votre première séquence'),
        t(
          'Encadenamos la llave de pie, la estrella y la bajada controlada en una secuencia corta.',
          'We link the foot lock, the star and a controlled descent into a short sequence.',
          'Nous enchaînons clé de pied, étoile et descente contrôlée en une courte séquence.',
        ),
        [exerciseSheet()],
        t(
          'Graba tu secuencia y compárala con la demostración.',
          'Film your sequence and compare it with the demonstration.',
          'Filmez votre séquence et comparez-la avec la démonstration.',
        ),
      ),
    ],
  },
  {
    key: 'juggling',
    title: t('Malabares con tres pelotas', 'Three-ball juggling', 'Jonglage à trois balles'),
    description: t(
      'De una pelota a la cascada de tres en pasos pequeños: lanzamientos limpios, ritmo y trucos para seguir progresando en casa.',
      'From one ball to the three-ball cascade in small steps: clean throws, rhythm and tricks to keep progressing at home.',
      "D'une balle à la cascade à trois balles, pas à pas : lancers propres, rythme et astuces pour progresser chez soi.",
    ),
    priceCents: 2900,
    image: image('juggling'),
    video: DEMO_VIDEOS.vimeo,
    visible: ALL_LANGS,
    classes: [
      cls(
        t(
          'El lanzamiento perfecto con una pelota',
          'The perfect one-ball throw',
          'Le lancer parfait à une balle',
        ),
        t('Altura de ojos', 'Eye height', 'Hauteur des yeux'),
        t(
          'Lanza de mano a mano dibujando un arco que llegue a la altura de tus ojos.',
          'Throw from hand to hand in an arc that peaks at eye height.',
          "Lancez d'une main à l'autre en dessinant un arc qui culmine à hauteur des yeux.",
        ),
        [demoVideo('youtube')],
      ),
      cls(
        t('Dos pelotas: el intercambio', 'Two balls: the exchange', "Deux balles : l'échange"),
        t(
          'Lanza, lanza, atrapa, atrapa',
          'Throw, throw, catch, catch',
          'Lance, lance, attrape, attrape',
        ),
        t(
          'El segundo lanzamiento sale cuando la primera pelota está en lo más alto.',
          'The second throw leaves when the first ball is at its peak.',
          'Le second lancer part quand la première balle est au sommet.',
        ),
        [exerciseSheet()],
      ),
      cls(
        t('La cascada de tres pelotas', 'The three-ball cascade', 'La cascade à trois balles'),
        t('El patrón básico', 'The basic pattern', 'Le motif de base'),
        t(
          'Empieza con la mano que tiene dos pelotas y cuenta los lanzamientos en voz alta.',
          'Start with the hand holding two balls and count your throws out loud.',
          'Commencez par la main qui tient deux balles et comptez vos lancers à voix haute.',
        ),
        [demoVideo('vimeo'), exerciseSheet()],
      ),
    ],
  },
  {
    key: 'handstands',
    title: t(
      'Equilibrios de manos: fundamentos',
      'Handstands: the fundamentals',
      'Équilibre sur les mains : les fondamentaux',
    ),
    description: t(
      'Prepara muñecas y hombros, alinea el cuerpo contra la pared y busca tus primeros segundos de equilibrio libre.',
      'Prepare wrists and shoulders, align your body against the wall and find your first seconds of free balance.',
      "Préparez poignets et épaules, alignez le corps contre le mur et trouvez vos premières secondes d'équilibre libre.",
    ),
    priceCents: 5900,
    image: image('handstands'),
    video: DEMO_VIDEOS.youtube,
    visible: HIDDEN_IN_EN,
    classes: [
      cls(
        t(
          'Muñecas y hombros: preparación',
          'Wrists and shoulders: preparation',
          'Poignets et épaules : préparation',
        ),
        t('Diez minutos cada día', 'Ten minutes a day', 'Dix minutes par jour'),
        t(
          'Una rutina corta de movilidad para cargar el peso sobre las manos sin dolor.',
          'A short mobility routine to put your weight on your hands without pain.',
          'Une courte routine de mobilité pour porter votre poids sur les mains sans douleur.',
        ),
        [exerciseSheet()],
      ),
      cls(
        t('La vertical contra la pared', 'The wall handstand', 'Le poirier contre le mur'),
        t('Alineación', 'Alignment', 'Alignement'),
        t(
          'De cara a la pared: manos, hombros y cadera en una línea.',
          'Facing the wall: hands, shoulders and hips in one line.',
          'Face au mur : mains, épaules et bassin alignés.',
        ),
        [demoVideo('vimeo')],
      ),
      cls(
        t('Encontrar el equilibrio libre', 'Finding the free balance', "Trouver l'équilibre libre"),
        t('Los dedos corrigen', 'Your fingers correct', 'Les doigts corrigent'),
        t(
          'Aprende a corregir con los dedos y la base de la mano, y a salir con seguridad.',
          'Learn to correct with your fingers and the heel of the hand, and to bail out safely.',
          'Apprenez à corriger avec les doigts et le talon de la main, et à sortir en sécurité.',
        ),
        [demoVideo('youtube')],
      ),
    ],
  },
  {
    key: 'trapeze',
    title: t(
      'Trapecio fijo para principiantes',
      'Static trapeze for beginners',
      'Trapèze fixe pour débutants',
    ),
    description: t(
      'Subidas, sentadas y colgadas básicas en el trapecio fijo, con el trabajo de fuerza que necesitas para disfrutarlas.',
      'Basic mounts, sits and hangs on the static trapeze, with the strength work you need to enjoy them.',
      'Montées, assis et suspensions de base au trapèze fixe, avec le travail de force nécessaire pour en profiter.',
    ),
    priceCents: 3900,
    image: image('trapeze'),
    video: null,
    visible: HIDDEN_IN_FR,
    classes: [
      cls(
        t('Subir a la barra', 'Getting onto the bar', 'Monter sur la barre'),
        t('La subida en bolita', 'The tuck mount', 'La montée groupée'),
        t(
          'Desde la colgada, recoge las rodillas y pasa las piernas entre los brazos.',
          'From a hang, tuck your knees and pass your legs between your arms.',
          'Depuis la suspension, groupez les genoux et passez les jambes entre les bras.',
        ),
        [demoVideo('vimeo')],
      ),
      cls(
        t(
          'Sentada y equilibrio en la barra',
          'Sitting and balancing on the bar',
          'Assis et équilibre sur la barre',
        ),
        t('Manos en las cuerdas', 'Hands on the ropes', 'Mains sur les cordes'),
        t(
          'Encuentra el punto de equilibrio sentado y suelta una mano con control.',
          'Find your balance point sitting down and let go of one hand with control.',
          "Trouvez votre point d'équilibre assis et lâchez une main avec contrôle.",
        ),
        [exerciseSheet()],
      ),
    ],
  },
  {
    key: 'conditioning',
    title: t(
      'Preparación física para artistas de circo',
      'Conditioning for circus artists',
      'Préparation physique pour artistes de cirque',
    ),
    description: t(
      'Fuerza, flexibilidad y prevención de lesiones en sesiones de treinta minutos, sin más material que una esterilla y una goma.',
      'Strength, flexibility and injury prevention in thirty-minute sessions, with nothing but a mat and a resistance band.',
      'Force, souplesse et prévention des blessures en séances de trente minutes, avec un simple tapis et un élastique.',
    ),
    priceCents: 1900,
    image: image('conditioning'),
    video: DEMO_VIDEOS.vimeo,
    visible: ALL_LANGS,
    classes: [
      cls(
        t('Fuerza de tracción', 'Pulling strength', 'Force de traction'),
        t('Dominadas asistidas', 'Assisted pull-ups', 'Tractions assistées'),
        t(
          'Progresión de dominadas con goma para los aparatos aéreos.',
          'A banded pull-up progression for aerial apparatus.',
          'Progression de tractions avec élastique pour les agrès aériens.',
        ),
        [demoVideo('youtube')],
      ),
      cls(
        t('Flexibilidad activa', 'Active flexibility', 'Souplesse active'),
        t('Espagat y pancake', 'Splits and pancake', 'Grand écart et pancake'),
        t(
          'Estiramientos activos para abrir la cadera sin perder fuerza.',
          'Active stretches to open the hips without losing strength.',
          'Étirements actifs pour ouvrir les hanches sans perdre en force.',
        ),
        [exerciseSheet()],
      ),
    ],
  },
];

export const DEMO_FORMATIONS: DemoFormation[] = [
  {
    key: 'social-circus',
    title: t(
      'Formación de instructores de circo social',
      'Social circus instructor training',
      "Formation d'animateur en cirque social",
    ),
    description: t(
      'Un programa completo para guiar grupos de circo social: pedagogía, seguridad, montaje del material y diseño de sesiones inclusivas.',
      'A complete programme to lead social circus groups: teaching, safety, rigging and the design of inclusive sessions.',
      'Un programme complet pour encadrer des groupes de cirque social : pédagogie, sécurité, montage du matériel et conception de séances inclusives.',
    ),
    priceCents: 19900,
    image: image('social-circus'),
    video: DEMO_VIDEOS.youtube,
    visible: ALL_LANGS,
    modules: [
      {
        title: t('Pedagogía del circo', 'Circus pedagogy', 'Pédagogie du cirque'),
        description: t(
          'El juego, el grupo y el error como motores del aprendizaje.',
          'Play, the group and mistakes as drivers of learning.',
          "Le jeu, le groupe et l'erreur comme moteurs de l'apprentissage.",
        ),
        classes: [
          cls(
            t(
              '¿Qué es el circo social?',
              'What is social circus?',
              "Qu'est-ce que le cirque social ?",
            ),
            t('Historia y valores', 'History and values', 'Histoire et valeurs'),
            t(
              'El circo como herramienta de transformación personal y comunitaria.',
              'Circus as a tool for personal and community change.',
              'Le cirque comme outil de transformation personnelle et collective.',
            ),
            [demoVideo('vimeo')],
          ),
          cls(
            t('Juegos de confianza', 'Trust games', 'Jeux de confiance'),
            t('Crear grupo', 'Building the group', 'Construire le groupe'),
            t(
              'Diez juegos para empezar cada sesión y cohesionar al grupo.',
              'Ten games to open every session and bring the group together.',
              'Dix jeux pour ouvrir chaque séance et souder le groupe.',
            ),
            [exerciseSheet()],
          ),
          {
            // not translated into English yet: hidden there, the rest of the training is not
            ...cls(
              t(
                'Enseñar malabares en grupo',
                'Teaching juggling to a group',
                'Enseigner le jonglage en groupe',
              ),
              t(
                'Pañuelos, pelotas y aros',
                'Scarves, balls and rings',
                'Foulards, balles et anneaux',
              ),
              t(
                'Una progresión que funciona con grupos grandes y edades mezcladas.',
                'A progression that works with large groups and mixed ages.',
                'Une progression qui fonctionne avec de grands groupes et des âges mélangés.',
              ),
              [demoVideo('youtube'), exerciseSheet()],
            ),
            visible: HIDDEN_IN_EN,
          },
        ],
      },
      {
        title: t('Seguridad y montaje', 'Safety and rigging', 'Sécurité et accroche'),
        description: t(
          'Revisar el material, montar aparatos y dar seguridad a quien aprende.',
          'Checking equipment, rigging apparatus and spotting learners.',
          'Vérifier le matériel, installer les agrès et parer les apprenants.',
        ),
        classes: [
          cls(
            t('Revisión del material', 'Equipment checks', 'Vérification du matériel'),
            t('Antes de cada sesión', 'Before every session', 'Avant chaque séance'),
            t(
              'Lista de control para telas, trapecios, colchonetas y anclajes.',
              'A checklist for silks, trapezes, mats and anchor points.',
              "Liste de contrôle pour tissus, trapèzes, tapis et points d'accroche.",
            ),
            [exerciseSheet()],
          ),
          cls(
            t('Dar seguridad en acrobacia', 'Spotting acrobatics', 'Parer en acrobatie'),
            t('Manos que cuidan', 'Caring hands', 'Des mains qui protègent'),
            t(
              'Dónde colocarse y cómo acompañar volteretas, verticales y portés.',
              'Where to stand and how to support rolls, handstands and partner lifts.',
              'Où se placer et comment accompagner roulades, poiriers et portés.',
            ),
            [demoVideo('vimeo')],
          ),
        ],
      },
      {
        title: t('Diseñar una sesión', 'Designing a session', 'Concevoir une séance'),
        description: t(
          'De los objetivos a la evaluación, pasando por la adaptación a cada grupo.',
          'From goals to evaluation, adapting to every group on the way.',
          "Des objectifs à l'évaluation, en s'adaptant à chaque groupe.",
        ),
        classes: [
          cls(
            t('Estructura de una sesión', 'Structure of a session', "Structure d'une séance"),
            t(
              'Calentar, explorar, crear, cerrar',
              'Warm up, explore, create, close',
              'Échauffer, explorer, créer, conclure',
            ),
            t(
              'Una plantilla de noventa minutos adaptable a cualquier disciplina.',
              'A ninety-minute template that fits any discipline.',
              'Un modèle de quatre-vingt-dix minutes adaptable à toutes les disciplines.',
            ),
            [exerciseSheet()],
          ),
          cls(
            t('Evaluar sin examinar', 'Assessing without testing', 'Évaluer sans examiner'),
            t('Observar el progreso', 'Watching progress', 'Observer les progrès'),
            t(
              'Herramientas sencillas para observar y celebrar el progreso del grupo.',
              'Simple tools to observe and celebrate the group’s progress.',
              'Des outils simples pour observer et célébrer les progrès du groupe.',
            ),
            [demoVideo('youtube')],
          ),
        ],
      },
    ],
  },
  {
    key: 'acrobatics-programme',
    title: t(
      'Formación intensiva en acrobacia y equilibrios',
      'Intensive programme in acrobatics and hand balancing',
      'Formation intensive en acrobatie et équilibres',
    ),
    description: t(
      'Doce semanas de acrobacia de suelo y equilibrios de manos para artistas que quieren dar el salto a un número propio.',
      'Twelve weeks of floor acrobatics and hand balancing for artists ready to build their own act.',
      "Douze semaines d'acrobatie au sol et d'équilibre sur les mains pour les artistes qui veulent créer leur propre numéro.",
    ),
    priceCents: 14900,
    image: image('acrobatics-programme'),
    video: DEMO_VIDEOS.vimeo,
    visible: HIDDEN_IN_EN,
    modules: [
      {
        title: t('Acrobacia de suelo', 'Floor acrobatics', 'Acrobatie au sol'),
        description: t(
          'Volteretas, rueda y rondada con una técnica limpia.',
          'Rolls, cartwheel and round-off with clean technique.',
          'Roulades, roue et rondade avec une technique propre.',
        ),
        classes: [
          cls(
            t(
              'Volteretas adelante y atrás',
              'Forward and backward rolls',
              'Roulades avant et arrière',
            ),
            t('La base de todo', 'The basis of everything', 'La base de tout'),
            t(
              'Redondear la espalda y proteger el cuello en cada rodada.',
              'Round your back and protect your neck in every roll.',
              'Arrondir le dos et protéger la nuque à chaque roulade.',
            ),
            [demoVideo('youtube')],
          ),
          cls(
            t('La rueda lateral', 'The cartwheel', 'La roue'),
            t('En línea recta', 'In a straight line', 'En ligne droite'),
            t(
              'Manos y pies sobre una misma línea, con las piernas abiertas.',
              'Hands and feet on one line, legs wide apart.',
              'Mains et pieds sur une même ligne, jambes écartées.',
            ),
            [exerciseSheet()],
          ),
          cls(
            t('La rondada', 'The round-off', 'La rondade'),
            t('Del impulso al rebote', 'From push to rebound', "De l'impulsion au rebond"),
            t(
              'Cerrar las piernas en el aire y caer mirando hacia el punto de partida.',
              'Bring your legs together in the air and land facing where you started.',
              "Serrer les jambes en l'air et retomber face au point de départ.",
            ),
            [demoVideo('vimeo')],
          ),
        ],
      },
      {
        title: t('Equilibrios avanzados', 'Advanced hand balancing', 'Équilibres avancés'),
        description: t(
          'Del pino libre a las primeras formas sobre bastones.',
          'From the free handstand to the first shapes on canes.',
          "De l'équilibre libre aux premières formes sur cannes.",
        ),
        classes: [
          cls(
            t(
              'Formas de piernas en el pino',
              'Leg shapes in the handstand',
              'Formes de jambes en équilibre',
            ),
            t('Straddle, tuck y bandera', 'Straddle, tuck and flag', 'Straddle, groupé et drapeau'),
            t(
              'Cambiar la forma de las piernas sin perder el equilibrio.',
              'Change the shape of your legs without losing the balance.',
              "Changer la forme des jambes sans perdre l'équilibre.",
            ),
            [demoVideo('youtube')],
          ),
          cls(
            t('Primeros pasos en bastones', 'First steps on canes', 'Premiers pas sur cannes'),
            t(
              'Más altura, misma técnica',
              'More height, same technique',
              'Plus de hauteur, même technique',
            ),
            t(
              'Montar, subir y salir de los bastones con seguridad.',
              'Setting up, going up and coming down from the canes safely.',
              'Installer, monter et descendre des cannes en sécurité.',
            ),
            [exerciseSheet()],
          ),
        ],
      },
    ],
  },
];

export interface DemoPresential {
  title: LocalizedText;
  description: LocalizedText;
  location: LocalizedText;
  /** Days from today: one number for a single date, two for a range. */
  days: [number] | [number, number];
  time: string;
  registrationLink: string;
}

export const DEMO_PRESENTIAL: DemoPresential[] = [
  {
    title: t(
      'Taller de portés acrobáticos',
      'Partner acrobatics workshop',
      'Atelier de portés acrobatiques',
    ),
    description: t(
      'Una mañana para descubrir los portés en pareja: bases, ágiles y mucha confianza. No hace falta experiencia.',
      'A morning to discover partner acrobatics: bases, flyers and plenty of trust. No experience needed.',
      'Une matinée pour découvrir les portés à deux : porteurs, voltigeurs et beaucoup de confiance. Aucune expérience requise.',
    ),
    location: t(
      'Nave de circo La Carpa, Valencia',
      'La Carpa circus hall, Valencia',
      'Hangar de cirque La Carpa, Valence',
    ),
    days: [21],
    time: '10:00 a 14:00',
    registrationLink: 'https://example.com/inscripcion/taller-portes',
  },
  {
    title: t(
      'Residencia intensiva de telas y trapecio',
      'Silks and trapeze intensive residency',
      'Résidence intensive tissu et trapèze',
    ),
    description: t(
      'Cinco días de entrenamiento aéreo, creación y ensayo abierto al público el último día.',
      'Five days of aerial training and creation, with an open rehearsal on the last day.',
      'Cinq jours d’entraînement aérien et de création, avec une répétition publique le dernier jour.',
    ),
    location: t(
      'Espacio de creación El Trapecio, Toulouse',
      'El Trapecio creation space, Toulouse',
      'Lieu de création El Trapecio, Toulouse',
    ),
    days: [45, 49],
    time: '9:30 a 17:30',
    registrationLink: 'https://example.com/inscripcion/residencia-aerea',
  },
];

export const DEMO_VOUCHER = {
  name: 'Bono de bienvenida',
  description:
    '20% de descuento en el curso de telas y en la formación de instructores de circo social.',
  percentage: 20,
  /** The items it targets, by key above. */
  courseKey: 'aerial-silks',
  formationKey: 'social-circus',
};

/** The demo membership plan: the short courses for a monthly price (the formations are sold apart). */
export const DEMO_PLAN = {
  name: { es: 'Cursos cortos', en: 'Short courses', fr: 'Cours courts' },
  description: {
    es: 'Todos los cursos cortos mientras tu membresía esté activa. Se renueva cada mes; cancela cuando quieras desde Mis cursos.',
    en: 'Every short course while your membership is active. It renews every month; cancel whenever you like from My Courses.',
    fr: 'Tous les cours courts tant que votre abonnement est actif. Il se renouvelle chaque mois ; résiliez quand vous voulez depuis Mes cours.',
  },
  priceCents: 1900,
  interval: 'month' as const,
  /** The items it opens, by key above: every demo course. */
  courseKeys: DEMO_COURSES.map((c) => c.key),
};
