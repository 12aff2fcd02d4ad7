package org.entangle.diagram.export;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.entangle.diagram.Dataflow;
import org.entangle.diagram.ValueRanges;
import org.entangle.network.Network;
import org.jgrapht.Graph;
import org.jgrapht.graph.DefaultEdge;
import org.jgrapht.graph.DirectedPseudograph;
import org.jgrapht.nio.Attribute;
import org.jgrapht.nio.DefaultAttribute;
import org.jgrapht.nio.dot.DOTExporter;

/**
 * Writes networks as Graphviz DOT through jgrapht-io's {@link DOTExporter}: the vertices are the values of the
 * network's {@link Dataflow} (the n inputs and one per combining op, so size + n vertices), the edges run from
 * each operand to the combination that reads it. Vertices are labelled with their range (the range semantics) and, for
 * combinations, the step and wire of the op. Several networks become one graph of disjoint components whose
 * vertex ids are prefixed {@code g0_}, {@code g1_}, ….
 */
public final class DotExporter {

    private DotExporter() {
    }

    /** The value graph of several networks, with the DOT attributes of each vertex. */
    public record ValueGraph(Graph<String, DefaultEdge> graph, Map<String, Map<String, Attribute>> attributes) {
    }

    /** Builds the value graph of {@code networks}. */
    public static ValueGraph graph(List<Network> networks) {
        Graph<String, DefaultEdge> graph = new DirectedPseudograph<>(DefaultEdge.class);
        Map<String, Map<String, Attribute>> attributes = new HashMap<>();
        for (int g = 0; g < networks.size(); g++) {
            Network network = networks.get(g);
            String prefix = networks.size() == 1 ? "v" : "g" + g + "_v";
            Dataflow flow = Dataflow.of(network);
            ValueRanges ranges = ValueRanges.of(network);
            for (int w = 0; w < network.width(); w++) {
                String id = prefix + w;
                graph.addVertex(id);
                attributes.put(id, vertexAttributes("[" + w + "," + w + "]", "input " + w));
            }
            int k = 0;
            for (int s = 0; s < network.stepCount(); s++) {
                for (int i = 0; i < network.step(s).size(); i++, k++) {
                    int value = flow.produced(k);
                    if (value == Dataflow.NONE) continue;
                    String id = prefix + value;
                    graph.addVertex(id);
                    attributes.put(id, vertexAttributes(ranges.result()[k],
                            "step " + s + ", wire " + network.step(s).ops().get(i).dst()));
                    for (int operand : new int[] {flow.left(k), flow.right(k)}) {
                        if (operand != Dataflow.NONE) graph.addEdge(prefix + operand, id);
                    }
                }
            }
        }
        return new ValueGraph(graph, attributes);
    }

    /** Writes the value graph of {@code networks} as DOT to {@code out} (UTF-8). */
    public static void write(List<Network> networks, OutputStream out) throws IOException {
        ValueGraph vg = graph(networks);
        DOTExporter<String, DefaultEdge> exporter = new DOTExporter<>(v -> v);
        exporter.setGraphIdProvider(() -> "network");
        exporter.setVertexAttributeProvider(vg.attributes()::get);
        Writer writer = new OutputStreamWriter(out, StandardCharsets.UTF_8);
        exporter.exportGraph(vg.graph(), writer);
        writer.flush();
    }

    private static Map<String, Attribute> vertexAttributes(String label, String tooltip) {
        Map<String, Attribute> map = new LinkedHashMap<>();
        map.put("label", DefaultAttribute.createAttribute(label));
        map.put("tooltip", DefaultAttribute.createAttribute(tooltip));
        return map;
    }
}
