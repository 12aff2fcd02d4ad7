package org.entangle.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * {@link FileKind}: the catalogue's programs and networks and the stored trace sets are told apart by their names, and
 * the same texts by their content alone when the name says nothing.
 */
class FileKindTest {

    private static String read(String path) throws IOException {
        return Files.readString(Path.of(path));
    }

    @Test
    void namesDecideWhereTheySayIt() throws IOException {
        assertEquals(FileKind.PROGRAM, FileKind.of("scan6.angel", read("networks/scan6.angel")));
        assertEquals(FileKind.NETWORK, FileKind.of("brent-kung-8.json", read("networks/brent-kung-8.json")));
        assertEquals(FileKind.TRACES, FileKind.of("h4.csv", read("src/test/resources/onward15-traces/h4.csv")));
        assertEquals(FileKind.WORKSPACE, FileKind.of("mine.entangle.json", "{\"version\": 1, \"networks\": []}"));
    }

    @Test
    void contentDecidesWhenTheNameSaysNothing() throws IOException {
        assertEquals(FileKind.PROGRAM, FileKind.of("download", read("networks/scan6.angel")), "a program beginning with a comment");
        assertEquals(FileKind.PROGRAM, FileKind.of("talk", read("networks/talk-scan16.angel")));
        assertEquals(FileKind.NETWORK, FileKind.of("bk.json", read("networks/brent-kung-8.json")));
        assertEquals(FileKind.NETWORK, FileKind.of("bk", "# Brent–Kung\nformat: entangle-network/1\nwidth: 2\n1<-0\n"));
        assertEquals(FileKind.TRACES, FileKind.of("traces.json",
                "{\"angels\": [{\"name\": \"a\", \"values\": [\"0\", \"1\"]}], \"traces\": [[\"0\"]]}"));
        assertEquals(FileKind.WORKSPACE, FileKind.of("w.json", "{\"version\": 2, \"networks\": [], \"panels\": {}}"));
        assertEquals(FileKind.NETWORK, FileKind.of("broken.json", "{\"format\": "), "broken JSON goes to the network reader, which locates the error");
    }
}
