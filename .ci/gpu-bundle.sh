#!/usr/bin/env bash
# Makes a self-contained folder that runs the project's GPU path on a Linux x86-64 machine that has an NVIDIA driver
# and the CUDA toolkit but no Java and no Maven (.ci/gpu-pass.sh runs it there):
#   DIR/jre           a jlink'ed Java runtime (java.base, java.logging, jdk.unsupported, and java.desktop for the PNG
#                     files of the tournament; with --ui also java.xml and java.management, which the test launcher uses)
#   DIR/lib           the runtime dependencies, JavaFX left out
#   DIR/classes       the project's compiled classes and resources
# With --ui, for the gpu-tagged workbench test under Monocle:
#   DIR/ui-lib        JavaFX (Linux jars), TestFX, Monocle, Hamcrest and the JUnit Platform Console Standalone launcher
#   DIR/test-classes  the compiled tests
#   DIR/debs          Debian packages of the shared libraries and fonts JavaFX loads, fetched with apt-get download
#                     (unpacked on the GPU machine only where its system lacks them)
# With --archive, DIR is also packed into DIR.tar.xz (xz shrinks the runtime to about a third: about 55 MB in all
# with --ui, 32 MB without) and the folder is removed; gpu-pass.sh unpacks it.
# Run from the project root:  .ci/gpu-bundle.sh [--ui] [--archive] [DIR]     (DIR defaults to .gpu; keep it out of git)
# On the GPU machine:  DIR/jre/bin/java -cp 'DIR/classes:DIR/lib/*' org.entangle.Main gpu-check ...
set -euo pipefail
cd "$(dirname "$0")/.."
ui=false
archive=false
out=.gpu
for arg in "$@"; do
  case "$arg" in
    --ui) ui=true ;;
    --archive) archive=true ;;
    -*) echo "gpu-bundle.sh: unknown option $arg (expected --ui, --archive, DIR)" >&2; exit 2 ;;
    *) out=$arg ;;
  esac
done
junit_console=1.11.4
mods=java.base,java.logging,jdk.unsupported,java.desktop
$ui && mods=$mods,java.xml,java.management
mvn_q() { mvn -q -B -Dentangle.archive.skip=true "$@"; }

if $ui; then mvn_q -DskipTests test-compile; else mvn_q -DskipTests compile; fi
rm -rf "$out" "$out.tar.xz"
mkdir -p "$out"
mvn_q dependency:copy-dependencies -DincludeScope=runtime -DexcludeGroupIds=org.openjfx,org.testfx -DoutputDirectory="$out/lib"
cp -r target/classes "$out/classes"
jlink --add-modules "$mods" --strip-debug --no-man-pages --no-header-files --output "$out/jre"
# The JVM's symbol table is not needed to run it (24 MB -> 20 MB).
strip --strip-unneeded "$out/jre/lib/server/libjvm.so" 2> /dev/null || true

if $ui; then
  mvn_q dependency:copy-dependencies -DincludeScope=test -DincludeGroupIds=org.openjfx,org.testfx,org.hamcrest \
    -DoutputDirectory="$out/ui-lib"
  # JavaFX's platform-neutral jars are empty; the Linux ones hold the classes and native libraries.
  find "$out/ui-lib" -name 'javafx-*.jar' ! -name '*-linux.jar' -delete
  mvn_q dependency:copy -Dartifact=org.junit.platform:junit-platform-console-standalone:$junit_console -DoutputDirectory="$out/ui-lib"
  cp -r target/test-classes "$out/test-classes"
  mkdir -p "$out/debs"
  # What JavaFX's text stack (FreeType, fontconfig, Pango and theirs, a font) and glass (X11 client libraries) link against.
  (cd "$out/debs" && apt-get download libfreetype6 libpng16-16 libbrotli1 libfontconfig1 fontconfig-config \
    fonts-dejavu-core libexpat1 libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz0b libglib2.0-0 libfribidi0 libthai0 \
    libdatrie1 libgraphite2-3 libpcre2-8-0 libffi8 libmount1 libblkid1 libselinux1 zlib1g libx11-6 libxcb1 libxau6 \
    libxdmcp6 libbsd0 libmd0 2> /dev/null)
fi
du -sh "$out" | sed 's/^/bundle size: /'
if $archive; then
  tar -C "$(dirname "$out")" -cf - "$(basename "$out")" | xz -T0 -6 > "$out.tar.xz"
  rm -rf "$out"
  du -sh "$out.tar.xz" | sed 's/^/archive size: /'
fi
