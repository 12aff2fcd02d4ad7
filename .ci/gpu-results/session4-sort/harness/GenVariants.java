package org.entangle.cuda.patterns;

import java.nio.file.Files;
import java.nio.file.Path;
import org.entangle.network.Network;
import org.entangle.network.families.Families;

/** Experiment only: the production radix-sort units for uint32 keys and pairs at several geometries, renamed apart. */
public class GenVariants {
  public static void main(String[] a) throws Exception {
    Network net = Families.build("sklansky", 256);
    boolean ex = BlockNetworkScan.requireNetwork(net, "x");
    int[][] geos = {{384, 24, 3}, {384, 20, 3}, {256, 24, 4}};
    StringBuilder sb = new StringBuilder();
    StringBuilder table = new StringBuilder("static OsVariant OS_VARIANTS[] = {\n");
    for (int i = 0; i < geos.length; i++) {
      RadixSortSource.Geometry g = new RadixSortSource.Geometry(geos[i][0], geos[i][1], geos[i][2]);
      for (boolean pairs : new boolean[] {false, true}) {
        String unit = RadixSortKernels.unit(net, ex, new RadixSortSource.Config(RadixKey.UINT32, pairs), g);
        sb.append(unit.replace("radix_uint32_", "radix_v" + i + "_uint32_"));
      }
      String k = "radix_v" + i + "_uint32_keys::entangle_radix_v" + i + "_uint32_keys_";
      String p = "radix_v" + i + "_uint32_pairs::entangle_radix_v" + i + "_uint32_pairs_";
      table.append(String.format("  {\"os %dx%d m%d\", %d, %d, %shistogram, %sbin_scan, %sonesweep, %sonesweep},%n",
          g.threads(), g.items(), g.minBlocks(), g.threads(), g.items(), k, k, k, p));
    }
    table.append("};\n");
    Files.writeString(Path.of(a[0]), sb.toString() + table);
  }
}
