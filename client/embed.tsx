import { startStandalone } from './standalone.tsx';
import { EmbedPage } from './pages/EmbedPage.tsx';

// /embed/{club}/{competition}: the widget clubs frame (server/static.ts serves embed.html).
startStandalone('embed/:clubUrlName/:competitionUrlName', EmbedPage);
