check ../../../examples/megami/m1_example.yaml
