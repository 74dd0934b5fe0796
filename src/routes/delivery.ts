import { deliveryMachine } from '../machines/delivery/delivery-machine';
import { notify } from './notify';

/**
 * What the builder and the lists run to download, export or email a CV (and, in a list, copy or delete it),
 * telling the person with the app's toaster.
 */
export const deliveryWithToasts = deliveryMachine.provide({ actions: { notify } });
