import type { Content, ContentScene } from '../../server/content/content-files.ts';

/** Test helper: a small adventure that exercises every rule of a choice. */
const intro: ContentScene = {
  id: 'intro',
  title: 'The Shop Opens',
  subtitle: 'Day one',
  description: '<p>Your hat shop is online.</p>',
  image_url: 'https://example.com/intro.png',
  html_section: null,
  reference: 'SECRET-REFERENCE teaches crawling',
  ai_instructions: 'SECRET-AI write about hats',
  stats_config: [
    { id: 'health', name: 'SEO Ranking', defaultValue: 50 },
    { id: 'strength', name: 'Traffic', defaultValue: 10 },
    { id: 'intelligence', name: 'Knowledge', defaultValue: 5 },
    { id: 'charisma', name: 'Happiness', defaultValue: 50 },
    { id: 'gold', name: 'Budget', defaultValue: 30 },
    { id: 'unknown-stat', name: 'Ignored', defaultValue: 99 },
  ],
  day: 1,
  is_end_of_day: false,
  is_ending: false,
  is_start: true,
  options: [
    {
      id: 'intro--learn',
      text: 'Read the docs',
      next_scenario_id: 'shop',
      stats_changes: { intelligence: 5 },
    },
    {
      id: 'intro--free',
      text: 'Ask a friend',
      next_scenario_id: 'shop',
      stats_changes: { gold: 0, strength: 3, addInventory: ['Map'] },
    },
    {
      id: 'intro--locked',
      text: 'Hire an expert',
      next_scenario_id: 'shop',
      required_stats: { intelligence: 50 },
    },
    { id: 'intro--pending', text: 'Explore the cave', next_scenario_id: 'pending-the-cave' },
    { id: 'intro--nowhere', text: 'Wait', next_scenario_id: null },
    { id: 'intro--url', text: 'Read the guide', next_url: 'https://example.com/guide' },
    { id: 'intro--broken', text: 'Broken link', next_scenario_id: 'no-such-scene' },
    { id: 'intro--end', text: 'Give up', next_scenario_id: 'the-end' },
    { id: 'intro--day', text: 'Sleep', next_scenario_id: 'd1-end' },
  ],
};

const scene = (id: string, extra: Partial<ContentScene>): ContentScene => ({
  id,
  title: `Scene ${id}`,
  day: 1,
  is_end_of_day: false,
  is_ending: false,
  is_start: false,
  options: [],
  ...extra,
});

/** The fixture: intro, shop ⇄ loop (a cycle for many choices), checkpoint, end of day, ending. */
export function playFixture(): Content {
  return {
    scenes: [
      intro,
      scene('shop', {
        html_section: '<p id="x">Hello</p><script>document.title = "ran"</script>',
        stats_config: null,
        options: [
          {
            id: 'shop--loop',
            text: 'Keep going',
            next_scenario_id: 'loop',
            stats_changes: { gold: -1 },
          },
          {
            id: 'shop--map',
            text: 'Follow the map',
            next_scenario_id: 'loop',
            required_items: ['Map'],
            stats_changes: { gold: 0, removeInventory: ['Map'] },
          },
          { id: 'shop--checkpoint', text: 'Reset', next_scenario_id: 'checkpoint' },
          {
            id: 'shop--pricey',
            text: 'Hire an agency (-$50)',
            next_scenario_id: 'loop',
            stats_changes: { gold: -50, health: 10 },
          },
        ],
      }),
      scene('loop', {
        options: [
          { id: 'loop--shop', text: 'Back', next_scenario_id: 'shop', stats_changes: { gold: 1 } },
        ],
      }),
      scene('checkpoint', {
        stats_config: [{ id: 'gold', name: 'Budget', defaultValue: 100 }],
        options: [{ id: 'checkpoint--shop', text: 'On', next_scenario_id: 'shop' }],
      }),
      scene('d1-end', {
        is_end_of_day: true,
        options: [{ id: 'd1-end--next', text: 'Start Day 2', next_scenario_id: 'shop' }],
      }),
      scene('the-end', {
        is_ending: true,
        options: [{ id: 'the-end--again', text: 'Again', next_scenario_id: 'intro' }],
      }),
    ],
    events: [
      {
        id: 'ev-two',
        title: 'A backlink',
        description: 'A blog links to you.',
        media_type: 'image',
        media_url: null,
        video_embed_code: null,
        frequency: 2,
        is_active: true,
        budget_change: 7,
        knowledge_change: 0,
        delusion_change: 0,
        revenue_change: 3,
        happiness_change: 0,
        traffic_change: 0,
        seo_ranking_change: -2,
      },
      {
        id: 'ev-off',
        title: 'Inactive',
        description: 'Never shown.',
        media_type: 'image',
        frequency: 1,
        is_active: false,
        budget_change: 1000,
        knowledge_change: 0,
        delusion_change: 0,
        revenue_change: 0,
        happiness_change: 0,
        traffic_change: 0,
        seo_ranking_change: 0,
      },
    ],
    advertisements: [
      { id: 'ad-low', title: 'Low', cta_text: '', active: true, priority: 1 },
      { id: 'ad-high', title: 'High', cta_text: 'Buy hats', active: true, priority: 9 },
      { id: 'ad-off', title: 'Off', cta_text: 'No', active: false, priority: 100 },
    ],
    sponsors: [{ id: 'sp-1', name: 'Hat Co', url: 'https://hats.example', image_url: null }],
    news: [
      { id: 'n-1', content: 'Old news', link: null, active: true },
      { id: 'n-2', content: 'Hidden', link: null, active: false },
    ],
    consultants: [],
    settings: {
      font_settings: {
        title: { fontSize: '4xl', fontFamily: 'Georgia' },
        subtitle: 'broken',
      },
    },
    pages: [],
  };
}
