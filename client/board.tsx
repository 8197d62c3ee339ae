import { startStandalone } from './standalone.tsx';
import { BoardPage } from './pages/BoardPage.tsx';

// /board/{club}/{competition}: the meet on a stadium screen (server/static.ts serves board.html).
startStandalone('board/:clubUrlName/:competitionUrlName', BoardPage);
