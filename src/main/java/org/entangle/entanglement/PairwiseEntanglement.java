package org.entangle.entanglement;

import java.io.IOException;
import java.io.Writer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.jgrapht.Graph;
import org.jgrapht.alg.connectivity.ConnectivityInspector;
import org.jgrapht.graph.DefaultWeightedEdge;
import org.jgrapht.graph.SimpleWeightedGraph;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.DefaultAttribute;
import org.jgrapht.nio.dot.DOTExporter;

/**
 * The <em>pairwise approximation</em> of entanglement (Torlak and Barman, Onward! 2015): angels a and b are pairwise
 * entangled iff π_ab(T) ≠ π_a(T) × π_b(T). The graph has a vertex per angel and an edge per pairwise-entangled pair,
 * weighted by the fraction of value pairs missing, 1 − |π_ab(T)| / (|π_a(T)|·|π_b(T)|); the mutual information (bits,
 * over T's distinct traces taken as equally likely) is kept beside it. Pairwise entanglement forces two angels into one
 * block of the finest partition, so each connected component lies inside one block; but pairwise independence does not
 * prove separability (z = x xor y is pairwise independent of x and of y), so components may be finer than the blocks.
 * Cost: O(K²·n) for K angels and n traces, plus O(K²·d²) for domains of size d.
 *
 * @param names             the angels' names
 * @param graph             the entanglement graph on angel indices, edge weight = missing fraction
 * @param missingFraction   the missing fraction of every pair (0 on the diagonal)
 * @param mutualInformation the mutual information of every pair in bits
 */
public record PairwiseEntanglement(List<String> names, Graph<Integer, DefaultWeightedEdge> graph,
                                   double[][] missingFraction, double[][] mutualInformation) {

    /** The label every display of this graph carries. */
    public static final String LABEL = "pairwise approximation (each component lies inside one block; it is not the partition)";

    /** Computes the pairwise graph of a trace set. */
    public static PairwiseEntanglement of(TraceSet set) {
        int k = set.angels();
        int n = set.size();
        int[][] columns = new int[k][n];
        for (int r = 0; r < n; r++) {
            for (int a = 0; a < k; a++) columns[a][r] = set.code(r, a);
        }
        SimpleWeightedGraph<Integer, DefaultWeightedEdge> graph = new SimpleWeightedGraph<>(DefaultWeightedEdge.class);
        for (int a = 0; a < k; a++) graph.addVertex(a);
        double[][] missing = new double[k][k];
        double[][] information = new double[k][k];
        for (int a = 0; a < k; a++) {
            for (int b = a + 1; b < k; b++) {
                int da = set.domain(a).size();
                int db = set.domain(b).size();
                int[] joint = new int[da * db];
                int[] ca = columns[a];
                int[] cb = columns[b];
                for (int r = 0; r < n; r++) joint[ca[r] * db + cb[r]]++;
                int[] ma = new int[da];
                int[] mb = new int[db];
                int pairs = 0;
                for (int x = 0; x < da; x++) {
                    for (int y = 0; y < db; y++) {
                        ma[x] += joint[x * db + y];
                        mb[y] += joint[x * db + y];
                        if (joint[x * db + y] > 0) pairs++;
                    }
                }
                long product = (long) nonZero(ma) * nonZero(mb);
                double mi = 0;
                for (int x = 0; x < da; x++) {
                    for (int y = 0; y < db; y++) {
                        int c = joint[x * db + y];
                        if (c > 0) mi += (double) c / n * Math.log((double) c * n / ((double) ma[x] * mb[y])) / Math.log(2);
                    }
                }
                missing[a][b] = missing[b][a] = 1 - (double) pairs / product;
                information[a][b] = information[b][a] = Math.max(0, mi);
                if (pairs < product) {
                    DefaultWeightedEdge e = graph.addEdge(a, b);
                    graph.setEdgeWeight(e, missing[a][b]);
                }
            }
        }
        return new PairwiseEntanglement(set.names(), graph, missing, information);
    }

    private static int nonZero(int[] counts) {
        int c = 0;
        for (int x : counts) {
            if (x > 0) c++;
        }
        return c;
    }

    /** Whether a and b are pairwise entangled. */
    public boolean entangled(int a, int b) {
        return graph.containsEdge(a, b);
    }

    /** The connected components, as sorted angel lists ordered by their smallest angel. */
    public List<List<Integer>> components() {
        List<List<Integer>> components = new ArrayList<>();
        for (Set<Integer> c : new ConnectivityInspector<>(graph).connectedSets()) {
            components.add(new ArrayList<>(new TreeSet<>(c)));
        }
        components.sort(Comparator.comparing(c -> c.get(0)));
        return components;
    }

    /** Writes the graph in Graphviz DOT, labelled as the pairwise approximation; edges show both measures. */
    public void writeDot(Writer out) throws IOException {
        DOTExporter<Integer, DefaultWeightedEdge> exporter = new DOTExporter<>(v -> "a" + v);
        exporter.setGraphAttributeProvider(() -> {
            Map<String, Attribute> attributes = new LinkedHashMap<>();
            attributes.put("label", DefaultAttribute.createAttribute("\"" + LABEL + "\""));
            return attributes;
        });
        exporter.setVertexAttributeProvider(v -> {
            Map<String, Attribute> attributes = new LinkedHashMap<>();
            attributes.put("label", DefaultAttribute.createAttribute(names.get(v)));
            return attributes;
        });
        exporter.setEdgeAttributeProvider(e -> {
            int a = graph.getEdgeSource(e);
            int b = graph.getEdgeTarget(e);
            Map<String, Attribute> attributes = new LinkedHashMap<>();
            attributes.put("label", DefaultAttribute.createAttribute(String.format(Locale.ROOT, "missing %.2f, MI %.2f bits",
                    missingFraction[a][b], mutualInformation[a][b])));
            attributes.put("weight", DefaultAttribute.createAttribute(missingFraction[a][b]));
            return attributes;
        });
        exporter.exportGraph(graph, out);
        out.flush();
    }
}
