package org.entangle.network.io;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.entangle.network.Algebra;
import org.entangle.network.Direction;
import org.entangle.network.MemoryModel;
import org.entangle.network.Network;
import org.entangle.network.Op;
import org.entangle.network.ResultKind;
import org.entangle.network.ScanSpec;
import org.entangle.network.Step;
import org.entangle.network.check.RangeChecker;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Both forms of a network file read what they write, metadata included. */
class NetworkFileRoundTripTest {

    private static final String BRIEF_EXAMPLE =
            "{\"width\": 8, \"steps\": [[[1,0],[3,2],[5,4],[7,6]], [[3,1],[7,5]], [[7,3]], [[5,3]], [[2,1],[4,3],[6,5]]]}";

    @Test
    void theMinimalJsonFormReadsWithDefaults() {
        Network bk = NetworkJsonReader.read("bk8.json", BRIEF_EXAMPLE);
        assertEquals(8, bk.width());
        assertEquals(5, bk.stepCount());
        assertEquals(List.of(Op.combine(3, 1), Op.combine(7, 5)), bk.step(1).ops());
        assertEquals(MemoryModel.IN_PLACE, bk.model());
        assertEquals(ScanSpec.INCLUSIVE, bk.spec());
        assertNull(bk.name());
        assertTrue(RangeChecker.check(bk).correct());
    }

    @Test
    void everyOpFormReads() {
        String text = "{\"width\": 4, \"model\": \"circuit\", \"kind\": \"exclusive\", \"direction\": \"backward\","
                + " \"algebra\": \"commutative\", \"name\": \"forms\", \"provenance\": \"hand-written\", \"format\": \"entangle-network/1\","
                + " \"steps\": [[[1,0],[3,2,\"swap\"]], [[0,\"identity\"],[2,1,\"copy\"]], [[3,1,\"combine\",-1],[1,2,\"copy\",0]], []]}";
        Network n = NetworkJsonReader.read("forms.json", text);
        assertEquals(List.of(Op.combine(1, 0), Op.swapCombine(3, 2)), n.step(0).ops());
        assertEquals(List.of(Op.identity(0), Op.copy(2, 1)), n.step(1).ops());
        assertEquals(List.of(new Op(3, 1, org.entangle.network.OpKind.COMBINE, Op.INPUT), Op.copy(1, 2).withSrcStep(0)), n.step(2).ops());
        assertTrue(n.step(3).isEmpty());
        assertEquals(new ScanSpec(ResultKind.EXCLUSIVE, Direction.BACKWARD, Algebra.COMMUTATIVE), n.spec());
        assertEquals(MemoryModel.CIRCUIT, n.model());
        assertEquals("forms", n.name());
        assertEquals("hand-written", n.provenance());
        assertRoundTrips(n);
    }

    @Test
    void randomNetworksRoundTripInBothForms() {
        long seed = 20261122L;
        System.out.println("NetworkFileRoundTripTest seed " + seed);
        Random random = new Random(seed);
        for (int trial = 0; trial < 300; trial++) {
            Network n = randomNetwork(random);
            assertRoundTrips(n);
        }
    }

    @Test
    void theModelCanBeOverriddenWhileLoading() {
        Network circuit = NetworkJsonReader.read("bk8.json", BRIEF_EXAMPLE, MemoryModel.CIRCUIT);
        assertEquals(MemoryModel.CIRCUIT, circuit.model());
        assertEquals(NetworkJsonReader.read("bk8.json", BRIEF_EXAMPLE).steps(), circuit.steps());
    }

    @Test
    void theTextFormIsOneLinePerStep() {
        Network bk = NetworkJsonReader.read("bk8.json", BRIEF_EXAMPLE).withName("bk8");
        String text = NetworkTextFormat.write(bk);
        assertTrue(text.contains("\nstep 0: 1<-0 3<-2 5<-4 7<-6\nstep 1: 3<-1 7<-5\nstep 2: 7<-3\n"), text);
        Network minimal = NetworkTextFormat.read("bk8.txt", "# comment\nwidth: 8\nstep 0: 1<-0 3<-2 5<-4 7<-6\n step 1: 3<-1   7<-5\n"
                + "step 2: 7<-3\nstep 3: 5<-3\nstep 4: 2<-1 4<-3 6<-5\n");
        assertEquals(bk, minimal);
    }

    @Test
    void filesAreReadInTheFormTheirExtensionOrContentSays(@TempDir Path dir) throws Exception {
        Network bk = NetworkJsonReader.read("bk8.json", BRIEF_EXAMPLE).withName("bk8").withProvenance("Brent and Kung 1982");
        for (String name : List.of("a.json", "a.txt", "a.net", "a")) {
            Path file = dir.resolve(name);
            NetworkFiles.save(bk, file);
            String text = Files.readString(file);
            assertEquals(name.endsWith(".txt") || name.endsWith(".net"), !text.startsWith("{"), name);
            assertSameNetworkAndMetadata(bk, NetworkFiles.load(file));
        }
        Path textWithoutExtension = dir.resolve("plain");
        Files.writeString(textWithoutExtension, NetworkTextFormat.write(bk));
        assertSameNetworkAndMetadata(bk, NetworkFiles.load(textWithoutExtension));
    }

    @Test
    void aMissingFileIsAFormatErrorNamingTheFile(@TempDir Path dir) {
        Path missing = dir.resolve("missing.json");
        NetworkFormatException e = org.junit.jupiter.api.Assertions.assertThrows(NetworkFormatException.class,
                () -> NetworkFiles.load(missing));
        assertTrue(e.getMessage().startsWith(missing + ":1:1: cannot read the file"), e.getMessage());
    }

    private static void assertRoundTrips(Network n) {
        assertSameNetworkAndMetadata(n, NetworkJsonReader.read("x.json", NetworkJsonWriter.write(n)));
        assertSameNetworkAndMetadata(n, NetworkTextFormat.read("x.txt", NetworkTextFormat.write(n)));
    }

    private static void assertSameNetworkAndMetadata(Network expected, Network actual) {
        assertEquals(expected, actual);
        assertEquals(expected.name(), actual.name());
        assertEquals(expected.provenance(), actual.provenance());
        assertEquals(expected.spec(), actual.spec());
        assertEquals(expected.model(), actual.model());
    }

    /** A random valid network using every op kind, older reads in the circuit model, and awkward names. */
    private static Network randomNetwork(Random random) {
        int width = 1 + random.nextInt(9);
        MemoryModel model = random.nextBoolean() ? MemoryModel.CIRCUIT : MemoryModel.IN_PLACE;
        List<Step> steps = new ArrayList<>();
        int stepCount = random.nextInt(6);
        for (int s = 0; s < stepCount; s++) {
            List<Op> ops = new ArrayList<>();
            boolean[] written = new boolean[width];
            for (int k = random.nextInt(width + 1); k > 0; k--) {
                int dst = random.nextInt(width);
                int src = random.nextInt(width);
                Op op;
                int choice = random.nextInt(4);
                if (choice == 0 || dst == src) op = Op.identity(dst);
                else if (choice == 1) op = Op.swapCombine(dst, src);
                else if (choice == 2) op = Op.copy(dst, src);
                else op = Op.combine(dst, src);
                if (model == MemoryModel.CIRCUIT && op.kind().readsSource() && random.nextInt(3) == 0) {
                    op = op.withSrcStep(random.nextInt(s + 1) - 1);
                }
                if (written[op.dst()] || (op.kind().writesSource() && written[op.src()])) continue;
                written[op.dst()] = true;
                if (op.kind().writesSource()) written[op.src()] = true;
                ops.add(op);
            }
            steps.add(new Step(ops));
        }
        Network n = Network.of(width, steps, model);
        if (random.nextBoolean()) n = n.withName("net \"" + random.nextInt(100) + "\" \\ é");
        if (random.nextBoolean()) n = n.withProvenance("paper, p. " + random.nextInt(9) + " # not a comment");
        ResultKind kind = ResultKind.values()[random.nextInt(3)];
        Direction direction = Direction.values()[random.nextInt(2)];
        Algebra algebra = Algebra.values()[random.nextInt(3)];
        return n.withSpec(new ScanSpec(kind, direction, algebra));
    }
}
