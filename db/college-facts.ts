/**
 * The landing page's "at a glance" figures, as plain numbers: importing COURSES and INSTITUTES
 * from ./constants for their length alone brought the whole constants module (every list any
 * screen uses, ~0.9 KB gzipped) into the landing page's JavaScript. college-facts.test.ts keeps
 * them equal to the lists.
 */
export const PROGRAMME_COUNT = 14;
export const INSTITUTE_COUNT = 4;
