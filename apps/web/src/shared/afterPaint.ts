/**
 * Id of the `<template>` in which a prerendered page lists its own chunks' preloads and the
 * stylesheets it has inline (scripts/prerender.ts writes it); the entry adds them once the page
 * has painted (entry-client.tsx).
 */
export const AFTER_PAINT_ID = 'after-paint';
