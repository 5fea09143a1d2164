/**
 * A coloured slice image as the UI receives it from a decode worker: raw RGBA pixels (their buffer transferred,
 * not copied), which the UI draws on a canvas under the plot's axes. No PNG encode or decode on the way.
 */
import { type ColouredImage, type ImageRequest, colourImage } from './image';

export type RenderedImage = ColouredImage;

/** Colours a slice image (see `colourImage`). */
export function renderImage(req: ImageRequest): Promise<RenderedImage> {
  return Promise.resolve(colourImage(req));
}
