// The preview's style sheet and script as the extension reads them (media/, PREVIEW_ASSET_FILES), for the tests
// that render the preview.
import * as fs from 'fs';
import * as path from 'path';
import { PREVIEW_ASSET_FILES, PreviewAssets } from '../../client/src/preview/html';
import { repoRoot } from '../helpers';

export const PREVIEW_ASSETS: PreviewAssets = {
  style: fs.readFileSync(path.join(repoRoot(), PREVIEW_ASSET_FILES.style), 'utf8'),
  script: fs.readFileSync(path.join(repoRoot(), PREVIEW_ASSET_FILES.script), 'utf8'),
};
