import { join } from "node:path";

/**
 * The objects' bytes on disk, under the stack's state folder: one file per stored version, named by the version
 * (a UUID the stand-in makes), never by the object's name, so no name can reach outside the folder. The database
 * row says which version an object is; a replaced or removed version's file is deleted after its row changed.
 */
export class ObjectFiles {
  constructor(readonly directory: string) {}

  private path(version: string): string {
    if (!/^[0-9a-f-]{36}$/.test(version)) throw new Error(`not a stored version: ${version}`);
    return join(this.directory, version);
  }

  async write(version: string, bytes: Uint8Array): Promise<void> {
    await Deno.mkdir(this.directory, { recursive: true });
    const temporary = `${this.path(version)}.partial`;
    await Deno.writeFile(temporary, bytes);
    await Deno.rename(temporary, this.path(version));
  }

  async open(version: string): Promise<Deno.FsFile | undefined> {
    try {
      return await Deno.open(this.path(version), { read: true });
    } catch (error) {
      if (error instanceof Deno.errors.NotFound) return undefined;
      throw error;
    }
  }

  async remove(version: string | null | undefined): Promise<void> {
    if (!version) return;
    await Deno.remove(this.path(version)).catch((error) => {
      if (!(error instanceof Deno.errors.NotFound)) throw error;
    });
  }
}
