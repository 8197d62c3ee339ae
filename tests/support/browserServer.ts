import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the run's one Chromium listens (sharedBrowser() connects to it). */
    browserEndpoint: string;
  }
}

/** One Chromium for the whole browser suite: a launch per file cost about a second each. */
export default async function setup(project: TestProject) {
  const server = await launchBrowserServer();
  project.provide('browserEndpoint', server.wsEndpoint());
  return () => server.close();
}
